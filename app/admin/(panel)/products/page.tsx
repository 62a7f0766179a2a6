"use client";
// Produtos: search, low-stock filter, table, create/edit and delete.
import { Pencil, Plus, Trash2 } from "lucide-react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { Suspense, useCallback, useEffect, useState } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { ProductFormModal } from "@/components/products/product-form-modal";
import { StockBadge } from "@/components/products/stock-badge";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { inputClass } from "@/components/ui/field";
import { Badge, EmptyState, PageHeader, Spinner, Table } from "@/components/ui/misc";
import { can } from "@/lib/auth/permissions";
import { api, errorText } from "@/lib/http/client";
import type { ProductDto } from "@/lib/products/dto";
import { notify } from "@/lib/ui/toast";
import { useDebounced } from "@/lib/ui/use-debounced";

function ProductsScreen() {
  const { user } = useAdmin();
  const lowStock = useSearchParams().get("filter") === "lowstock";
  const canWrite = can(user.role, "manage_products");
  const [search, setSearch] = useState("");
  const query = useDebounced(search, 300);
  const [products, setProducts] = useState<ProductDto[] | null>(null);
  const [editing, setEditing] = useState<ProductDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<ProductDto | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const r = await api<{ products: ProductDto[] }>("/products", { query: { page: 1, limit: 100, search: query, lowstock: lowStock ? "true" : undefined } });
      setProducts(r.products);
    } catch (err) {
      notify.error(errorText(err, "Erro ao carregar produtos"));
      setProducts([]);
    }
  }, [query, lowStock]);

  useEffect(() => {
    void load();
  }, [load]);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await api(`/products/${deleting.id}`, { method: "DELETE" });
      notify.success("Produto excluído com sucesso!");
      setDeleting(null);
      await load();
    } catch (err) {
      notify.error(errorText(err, "Erro ao excluir produto"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader
        title="Produtos"
        description="Os prêmios das suas roletas, com estoque e chance base."
        actions={canWrite && <Button onClick={() => { setEditing(null); setFormOpen(true); }}><Plus className="h-4 w-4" aria-hidden /> Novo produto</Button>}
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <label htmlFor="product-search" className="sr-only">Buscar produtos</label>
        <input id="product-search" type="search" placeholder="Buscar por nome..." value={search} onChange={(e) => setSearch(e.target.value)} className={`${inputClass} max-w-sm`} />
        {lowStock && (
          <span className="flex items-center gap-2 text-sm text-gray-700">
            <Badge color="yellow">Estoque baixo (ativos com 5 ou menos)</Badge>
            <Link href="/admin/products" className="text-brand-700 underline">Ver todos</Link>
          </span>
        )}
      </div>
      {products === null ? (
        <Spinner />
      ) : (
        <div data-tour="products-table">
          <Table head={["Imagem", "Nome", "Estoque", "Peso", "Status", ...(canWrite ? ["Ações"] : [])]} caption="Lista de produtos">
            {products.map((p) => (
              <tr key={p.id}>
                <td className="px-4 py-3">
                  {p.image_url ? (
                    // eslint-disable-next-line @next/next/no-img-element -- user uploads
                    <img src={p.image_url} alt="" className="h-10 w-10 rounded object-cover" />
                  ) : (
                    <span className="flex h-10 w-10 items-center justify-center rounded bg-gray-100 text-xs text-gray-600" aria-hidden>—</span>
                  )}
                </td>
                <td className="px-4 py-3">
                  <p className="font-medium text-gray-900">{p.name}</p>
                  <p className="line-clamp-1 text-xs text-gray-600">{p.description}</p>
                </td>
                <td className="px-4 py-3"><StockBadge stock={p.stock} /></td>
                <td className="px-4 py-3 text-gray-800">{p.weight}</td>
                <td className="px-4 py-3">{p.is_active ? <Badge color="green">Ativo</Badge> : <Badge>Inativo</Badge>}</td>
                {canWrite && (
                  <td className="px-4 py-3">
                    <div className="flex gap-1">
                      <Button variant="ghost" aria-label={`Editar ${p.name}`} onClick={() => { setEditing(p); setFormOpen(true); }}><Pencil className="h-4 w-4" aria-hidden /></Button>
                      <Button variant="ghost" aria-label={`Excluir ${p.name}`} onClick={() => setDeleting(p)}><Trash2 className="h-4 w-4 text-red-600" aria-hidden /></Button>
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </Table>
          {products.length === 0 && <EmptyState>Nenhum produto encontrado.</EmptyState>}
        </div>
      )}
      <ProductFormModal open={formOpen} product={editing} onClose={() => setFormOpen(false)} onSaved={load} />
      <ConfirmModal
        open={!!deleting}
        title="Excluir produto"
        message={<>Tem certeza que deseja excluir <strong>{deleting?.name}</strong>? Ele sairá de todas as roletas; o histórico de giros é mantido.</>}
        busy={busy}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

export default function ProductsPage() {
  return (
    <Suspense fallback={<Spinner />}>
      <ProductsScreen />
    </Suspense>
  );
}
