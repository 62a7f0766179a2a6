"use client";
// Usuários: needs view_users; only the owner creates, edits and deletes; owner rows are locked.
import { Mail, Plus } from "lucide-react";
import { useState } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { Button } from "@/components/ui/button";
import { DataTable, type Column } from "@/components/ui/data-table";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { Badge, Card, PageHeader } from "@/components/ui/misc";
import { QueryState } from "@/components/ui/query-state";
import { RowActions } from "@/components/ui/row-actions";
import { SearchInput } from "@/components/ui/search-input";
import { InvitationsPanel } from "@/components/users/invitations-panel";
import { InviteModal } from "@/components/users/invite-modal";
import { UserFormModal } from "@/components/users/user-form-modal";
import { can, roleLabel } from "@/lib/auth/permissions";
import { shortDateTime } from "@/lib/dates/format";
import { endpoints } from "@/lib/swr/writes";
import { useUsers, type CompanyUser } from "@/lib/swr/use-users";
import { useListEditor } from "@/lib/ui/use-list-editor";
import { useListState } from "@/lib/ui/use-list-state";
import { USER_MESSAGES } from "@/lib/copy/users";

const ROLE_COLOR = { owner: "brand", admin: "green", member: "gray", attendant: "gray" } as const;

export default function UsersPage() {
  const { user: me } = useAdmin();
  const allowed = can(me.role, "view_users");
  const canWrite = can(me.role, "write_users");
  const list = useListState();
  const users = useUsers(list.query, allowed);
  const editor = useListEditor<CompanyUser>();
  const [inviting, setInviting] = useState<{ email: string } | null>(null);

  if (!allowed) {
    return (
      <Card className="mx-auto max-w-lg text-center">
        <h1 className="text-xl font-bold text-gray-900">Acesso negado</h1>
        <p className="mt-2 text-gray-700">{USER_MESSAGES.noAccess}</p>
      </Card>
    );
  }

  const columns: Column<CompanyUser>[] = [
    { header: "Nome", cell: (u) => <span className="font-medium text-gray-900">{u.name}</span> },
    { header: "Email", cell: (u) => <span className="break-all">{u.email}</span> },
    { header: "Papel", cell: (u) => <Badge color={ROLE_COLOR[u.role]}>{roleLabel(u.role)}</Badge> },
    { header: "Último acesso", cell: (u) => (u.last_login_at ? shortDateTime(u.last_login_at) : "Nunca") },
  ];
  if (canWrite)
    columns.push({
      header: "Ações",
      cell: (u) =>
        u.role !== "owner" && (
          <RowActions name={u.name} onEdit={() => editor.openEdit(u)} onDelete={() => editor.askDelete(u)} />
        ),
    });

  return (
    <>
      <PageHeader
        title="Usuários"
        description="Quem da sua equipe acessa o painel, e com qual papel."
        actions={
          canWrite && (
            <>
              <Button variant="secondary" onClick={() => setInviting({ email: "" })}>
                <Mail className="h-4 w-4" aria-hidden /> Convidar
              </Button>
              <Button onClick={editor.openNew}>
                <Plus className="h-4 w-4" aria-hidden /> Novo usuário
              </Button>
            </>
          )
        }
      />
      <SearchInput
        id="user-search"
        label="Buscar usuários"
        placeholder="Buscar por nome ou email..."
        value={list.search}
        onChange={list.setSearch}
        className="mb-4"
      />
      <QueryState query={users} isEmpty={(d) => d.users.length === 0} empty="Nenhum usuário encontrado.">
        {(d) => <DataTable columns={columns} rows={d.users} rowKey={(u) => u.id} caption="Usuários da empresa" />}
      </QueryState>
      <InvitationsPanel canWrite={canWrite} />
      <UserFormModal
        open={editor.formOpen}
        user={editor.editing}
        onClose={editor.closeForm}
        onInvite={(email) => {
          editor.closeForm();
          setInviting({ email });
        }}
      />
      <InviteModal open={!!inviting} email={inviting?.email} onClose={() => setInviting(null)} />
      <DeleteDialog
        target={editor.deleting}
        title="Excluir usuário"
        message={(u) => (
          <>
            Tem certeza que deseja remover <strong>{u.name}</strong> da empresa?
          </>
        )}
        remove={(u) => endpoints.users.remove(u.id)}
        success="Usuário excluído com sucesso!"
        fallback="Erro ao excluir usuário"
        onClose={editor.closeDelete}
      />
    </>
  );
}
