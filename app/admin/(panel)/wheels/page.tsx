"use client";
// Roda de prêmios: search, table, create/edit, prizes and odds, delete, and for active wheels
// the public URL, its QR code, the public page and the embed snippet.
import { Code2, Copy, ExternalLink, Gift, Pencil, Plus, QrCode, Trash2 } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { inputClass } from "@/components/ui/field";
import { Badge, EmptyState, PageHeader, Spinner, Table } from "@/components/ui/misc";
import { EmbedModal } from "@/components/wheels/embed-modal";
import { WheelFormModal } from "@/components/wheels/wheel-form-modal";
import { WheelProductsModal } from "@/components/wheels/wheel-products-modal";
import { can } from "@/lib/auth/permissions";
import { api, errorText } from "@/lib/http/client";
import { notify } from "@/lib/ui/toast";
import { useDebounced } from "@/lib/ui/use-debounced";
import type { WheelDto } from "@/lib/wheels/dto";
import { publicWheelPath } from "@/lib/wheels/public-url";

const date = (iso: string) => new Date(iso).toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" });

export default function WheelsPage() {
  const { user } = useAdmin();
  const canWrite = can(user.role, "manage_wheels");
  const [search, setSearch] = useState("");
  const query = useDebounced(search, 300);
  const [wheels, setWheels] = useState<WheelDto[] | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<WheelDto | null>(null);
  const [managing, setManaging] = useState<WheelDto | null>(null);
  const [deleting, setDeleting] = useState<WheelDto | null>(null);
  const [embedUrl, setEmbedUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setWheels((await api<{ wheels: WheelDto[] }>("/wheels", { query: { page: 1, limit: 100, search: query } })).wheels);
    } catch (err) {
      notify.error(errorText(err, "Erro ao carregar roda de prêmios"));
      setWheels([]);
    }
  }, [query]);

  useEffect(() => {
    void load();
  }, [load]);

  const publicUrl = (w: WheelDto) => `${window.location.origin}${publicWheelPath(user.company_slug, w.slug)}`;

  async function copy(w: WheelDto) {
    try {
      await navigator.clipboard.writeText(publicUrl(w));
      notify.success("Link copiado!");
    } catch {
      notify.info(publicUrl(w), 8000);
    }
  }

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await api(`/wheels/${deleting.id}`, { method: "DELETE" });
      notify.success("Roleta excluída com sucesso!");
      setDeleting(null);
      await load();
    } catch (err) {
      notify.error(errorText(err, "Erro ao excluir roleta"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader
        title="Roda de prêmios"
        description="Crie roletas, escolha os prêmios e as chances, e compartilhe o link ou o QR Code."
        actions={canWrite && <Button onClick={() => { setEditing(null); setFormOpen(true); }}><Plus className="h-4 w-4" aria-hidden /> Nova roleta</Button>}
      />
      <label htmlFor="wheel-search" className="sr-only">Buscar roletas</label>
      <input id="wheel-search" type="search" placeholder="Buscar por nome ou slug..." value={search} onChange={(e) => setSearch(e.target.value)} className={`${inputClass} mb-4 max-w-sm`} />
      {wheels === null ? (
        <Spinner />
      ) : (
        <div data-tour="wheels-table">
          <Table head={["Nome", "Slug", "Status", "Giros", "Criada em", "Ações"]} caption="Lista de roletas">
            {wheels.map((w) => (
              <tr key={w.id}>
                <td className="px-4 py-3 font-medium text-gray-900">{w.name}</td>
                <td className="px-4 py-3 font-mono text-xs text-gray-700">{w.slug}</td>
                <td className="px-4 py-3">{w.status === "active" ? <Badge color="green">Ativa</Badge> : <Badge>Rascunho</Badge>}</td>
                <td className="px-4 py-3 text-gray-800">{w.total_spins.toLocaleString("pt-BR")}</td>
                <td className="px-4 py-3 text-gray-800">{date(w.created_at)}</td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap gap-1">
                    {w.status === "active" && (
                      <>
                        <Button variant="ghost" aria-label={`Copiar link de ${w.name}`} title="Copiar link" onClick={() => copy(w)}><Copy className="h-4 w-4" aria-hidden /></Button>
                        <a className="rounded-lg p-2 text-gray-700 hover:bg-gray-100" href={`/api/wheels/${w.id}/qr`} target="_blank" rel="noopener" aria-label={`QR Code de ${w.name}`} title="QR Code"><QrCode className="h-4 w-4" aria-hidden /></a>
                        <a className="rounded-lg p-2 text-gray-700 hover:bg-gray-100" href={publicWheelPath(user.company_slug, w.slug)} target="_blank" rel="noopener" aria-label={`Abrir página pública de ${w.name}`} title="Abrir página pública"><ExternalLink className="h-4 w-4" aria-hidden /></a>
                        <Button variant="ghost" aria-label={`Incorporar ${w.name}`} title="Incorporar" onClick={() => setEmbedUrl(publicUrl(w))}><Code2 className="h-4 w-4" aria-hidden /></Button>
                      </>
                    )}
                    {canWrite && (
                      <>
                        <Button variant="ghost" aria-label={`Produtos de ${w.name}`} title="Produtos" onClick={() => setManaging(w)}><Gift className="h-4 w-4" aria-hidden /></Button>
                        <Button variant="ghost" aria-label={`Editar ${w.name}`} title="Editar" onClick={() => { setEditing(w); setFormOpen(true); }}><Pencil className="h-4 w-4" aria-hidden /></Button>
                        <Button variant="ghost" aria-label={`Excluir ${w.name}`} title="Excluir" onClick={() => setDeleting(w)}><Trash2 className="h-4 w-4 text-red-600" aria-hidden /></Button>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </Table>
          {wheels.length === 0 && <EmptyState>Nenhuma roleta encontrada.</EmptyState>}
        </div>
      )}
      <WheelFormModal open={formOpen} wheel={editing} onClose={() => setFormOpen(false)} onSaved={load} />
      <WheelProductsModal wheel={managing} onClose={() => setManaging(null)} />
      <EmbedModal url={embedUrl} onClose={() => setEmbedUrl(null)} />
      <ConfirmModal
        open={!!deleting}
        title="Excluir roleta"
        message={<>Tem certeza que deseja excluir a roleta <strong>{deleting?.name}</strong>? O histórico de giros e leads é mantido.</>}
        busy={busy}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
