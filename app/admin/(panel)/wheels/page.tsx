"use client";
// Roda de prêmios: search, a paged table (100 to a page), delete, and for active wheels the public
// URL, its QR code, the public page and the embed snippet, all in each row's 'Ações' menu. Creating
// and editing a wheel with its prizes happen on the editor page (/admin/wheels/nova, /{id}).
import { CalendarClock, Code2, Copy, ExternalLink, MapPin, Pencil, Plus, QrCode, Trash2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { ActionMenu, type MenuAction } from "@/components/ui/action-menu";
import { DataTable, type Column } from "@/components/ui/data-table";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { Badge, PageHeader } from "@/components/ui/misc";
import { ListFooter } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { SearchInput } from "@/components/ui/search-input";
import { EmbedModal } from "@/components/wheels/embed-modal";
import { MomentsModal } from "@/components/wheels/moments-list";
import { SourcesModal } from "@/components/wheels/sources-modal";
import { can } from "@/lib/auth/permissions";
import { shortDate } from "@/lib/dates/format";
import { endpoints } from "@/lib/swr/writes";
import { useWheels, type Wheel } from "@/lib/swr/use-wheels";
import { notify } from "@/lib/ui/toast";
import { useListEditor } from "@/lib/ui/use-list-editor";
import { LIST_PAGE_SIZE, useListState } from "@/lib/ui/use-list-state";
import { publicWheelPath } from "@/lib/wheels/public-url";

export default function WheelsPage() {
  const { user } = useAdmin();
  const canWrite = can(user.role, "manage_wheels");
  const list = useListState();
  const wheels = useWheels({ page: list.page, limit: LIST_PAGE_SIZE, search: list.query });
  const editor = useListEditor<Wheel>();
  const router = useRouter();
  const [embedUrl, setEmbedUrl] = useState<string | null>(null);
  const [moments, setMoments] = useState<Wheel | null>(null);
  const [sources, setSources] = useState<Wheel | null>(null);

  const publicUrl = (w: Wheel) => `${window.location.origin}${publicWheelPath(user.company_slug, w.slug)}`;

  async function copy(w: Wheel) {
    try {
      await navigator.clipboard.writeText(publicUrl(w));
      notify.success("Link copiado!");
    } catch {
      notify.info(publicUrl(w), 8000);
    }
  }

  function actions(w: Wheel): MenuAction[] {
    const shared: MenuAction[] =
      w.status === "active"
        ? [
            { label: "Copiar link", icon: Copy, onSelect: () => void copy(w) },
            { label: "QR Code", icon: QrCode, href: `/api/wheels/${w.id}/qr` },
            { label: "Abrir página pública", icon: ExternalLink, href: publicWheelPath(user.company_slug, w.slug) },
            { label: "Incorporar", icon: Code2, onSelect: () => setEmbedUrl(publicUrl(w)) },
          ]
        : [];
    // Links per placement; drafts too, so posters can be ready before the wheel goes live.
    const origins: MenuAction[] = [{ label: "Origens", icon: MapPin, onSelect: () => setSources(w) }];
    const writes: MenuAction[] = canWrite
      ? [
          ...(w.draw_mode === "moments"
            ? [{ label: "Momentos ganhadores", icon: CalendarClock, onSelect: () => setMoments(w) }]
            : []),
          { label: "Editar", icon: Pencil, onSelect: () => router.push(`/admin/wheels/${w.id}`) },
          { label: "Excluir", icon: Trash2, danger: true, onSelect: () => editor.askDelete(w) },
        ]
      : [];
    return [...shared, ...origins, ...writes];
  }

  const columns: Column<Wheel>[] = [
    {
      header: "Nome",
      cell: (w) =>
        canWrite ? (
          <Link href={`/admin/wheels/${w.id}`} className="font-medium text-gray-900 underline-offset-2 hover:underline">
            {w.name}
          </Link>
        ) : (
          <span className="font-medium text-gray-900">{w.name}</span>
        ),
    },
    { header: "Slug", cell: (w) => <span className="font-mono text-xs break-all text-gray-700">{w.slug}</span> },
    {
      header: "Status",
      cell: (w) => <WheelStatus wheel={w} />,
    },
    { header: "Giros", cell: (w) => w.total_spins.toLocaleString("pt-BR") },
    { header: "Criada em", cell: (w) => shortDate(w.created_at) },
    { header: "Ações", cell: (w) => <ActionMenu label={`Ações de ${w.name}`} actions={actions(w)} /> },
  ];

  return (
    <>
      <PageHeader
        title="Roda de prêmios"
        description="Crie roletas, escolha os prêmios e as chances, e compartilhe o link ou o QR Code."
        actions={
          canWrite && (
            <Link
              href="/admin/wheels/nova"
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              <Plus className="h-4 w-4" aria-hidden /> Nova roleta
            </Link>
          )
        }
      />
      <SearchInput
        id="wheel-search"
        label="Buscar roletas"
        placeholder="Buscar por nome ou slug..."
        value={list.search}
        onChange={list.setSearch}
        className="mb-4"
      />
      <QueryState query={wheels} isEmpty={(d) => d.wheels.length === 0} empty="Nenhuma roleta encontrada.">
        {(d) => (
          <div data-tour="wheels-table">
            <DataTable columns={columns} rows={d.wheels} rowKey={(w) => w.id} caption="Lista de roletas" />
            <ListFooter pagination={d.pagination} onPage={list.setPage} />
          </div>
        )}
      </QueryState>
      <EmbedModal url={embedUrl} onClose={() => setEmbedUrl(null)} />
      <MomentsModal wheel={moments} onClose={() => setMoments(null)} />
      <SourcesModal wheel={sources} canWrite={canWrite} onClose={() => setSources(null)} />
      <DeleteDialog
        target={editor.deleting}
        title="Excluir roleta"
        message={(w) => (
          <>
            Tem certeza que deseja excluir a roleta <strong>{w.name}</strong>? O histórico de giros e leads é mantido.
          </>
        )}
        remove={(w) => endpoints.wheels.remove(w.id)}
        success="Roleta excluída com sucesso!"
        fallback="Erro ao excluir roleta"
        onClose={editor.closeDelete}
      />
    </>
  );
}

/**
 * An active wheel whose prizes ran out takes no visitor (issue 38): "Esgotada" (or "Sem prêmios"),
 * with where to fix it, instead of "Ativa".
 */
function WheelStatus({ wheel: w }: { wheel: Wheel }) {
  if (w.status !== "active") return <Badge>Rascunho</Badge>;
  if (!w.sold_out) return <Badge color="green">Ativa</Badge>;
  return (
    <span className="inline-flex flex-col items-end gap-0.5 md:items-start">
      <Badge color="red">{w.prize_count ? "Esgotada" : "Sem prêmios"}</Badge>
      <Link
        href={w.prize_count ? "/admin/products?filter=lowstock" : `/admin/wheels/${w.id}#premios`}
        className="text-xs text-brand-700 underline"
      >
        {w.prize_count ? "Repor prêmios" : "Adicionar prêmios"}
      </Link>
    </span>
  );
}
