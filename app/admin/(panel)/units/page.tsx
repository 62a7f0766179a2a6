"use client";
// Unidades (issue 41, Pro): a company's branches, stands or rooms. Sources (QR posters) and counter
// staff belong to units; the reports count each unit's plays, wins and redemptions. Owner and admin.
import { Plus } from "lucide-react";
import { useAdmin } from "@/components/admin/admin-context";
import { Button } from "@/components/ui/button";
import { DataTable, type Column } from "@/components/ui/data-table";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { Card, PageHeader } from "@/components/ui/misc";
import { QueryState } from "@/components/ui/query-state";
import { RowActions } from "@/components/ui/row-actions";
import { UnitFormModal } from "@/components/units/unit-form-modal";
import { can } from "@/lib/auth/permissions";
import { endpoints } from "@/lib/swr/writes";
import { useUnits, type CompanyUnit } from "@/lib/swr/use-units";
import { useListEditor } from "@/lib/ui/use-list-editor";

export default function UnitsPage() {
  const { user } = useAdmin();
  const allowed = can(user.role, "manage_units");
  const units = useUnits(allowed);
  const editor = useListEditor<CompanyUnit>();

  if (!allowed) {
    return (
      <Card className="mx-auto max-w-lg text-center">
        <h1 className="text-xl font-bold text-gray-900">Acesso negado</h1>
        <p className="mt-2 text-gray-700">Você não tem permissão para gerenciar unidades.</p>
      </Card>
    );
  }

  const columns: Column<CompanyUnit>[] = [
    { header: "Nome", cell: (u) => <span className="font-medium text-gray-900">{u.name}</span> },
    { header: "Identificador", cell: (u) => <span className="font-mono text-sm">{u.slug}</span> },
    { header: "Endereço", cell: (u) => u.address ?? "—" },
    {
      header: "Ações",
      cell: (u) => <RowActions name={u.name} onEdit={() => editor.openEdit(u)} onDelete={() => editor.askDelete(u)} />,
    },
  ];

  return (
    <>
      <PageHeader
        title="Unidades"
        description="Lojas, filiais ou estandes. Origens (cartazes com QR) e atendentes pertencem a uma unidade, e os relatórios mostram cada uma. Recurso do plano Pro."
        actions={
          <Button onClick={editor.openNew}>
            <Plus className="h-4 w-4" aria-hidden /> Nova unidade
          </Button>
        }
      />
      <QueryState
        query={units}
        isEmpty={(d) => d.units.length === 0}
        empty="Nenhuma unidade cadastrada. Crie a primeira para separar origens, atendentes e relatórios por loja."
      >
        {(d) => <DataTable columns={columns} rows={d.units} rowKey={(u) => u.id} caption="Unidades da empresa" />}
      </QueryState>
      <UnitFormModal open={editor.formOpen} unit={editor.editing} onClose={editor.closeForm} />
      <DeleteDialog
        target={editor.deleting}
        title="Excluir unidade"
        message={(u) => (
          <>
            Tem certeza que deseja excluir <strong>{u.name}</strong>? As origens da unidade continuam funcionando, sem
            unidade, e os relatórios guardam as jogadas feitas nela.
          </>
        )}
        remove={(u) => endpoints.units.remove(u.id)}
        success="Unidade excluída com sucesso!"
        fallback="Erro ao excluir unidade"
        onClose={editor.closeDelete}
      />
    </>
  );
}
