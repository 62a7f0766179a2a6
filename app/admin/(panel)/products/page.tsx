"use client";
// Produtos: search, low-stock filter, a paged table (100 to a page), create/edit and delete.
import { Plus } from "lucide-react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { Suspense } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { ProductFormModal } from "@/components/products/product-form-modal";
import { StockBadge } from "@/components/products/stock-badge";
import { Button } from "@/components/ui/button";
import { DataTable, type Column } from "@/components/ui/data-table";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { Badge, PageHeader, Spinner } from "@/components/ui/misc";
import { ListFooter } from "@/components/ui/pager";
import { QueryState } from "@/components/ui/query-state";
import { RowActions } from "@/components/ui/row-actions";
import { SearchInput } from "@/components/ui/search-input";
import { can } from "@/lib/auth/permissions";
import { endpoints } from "@/lib/swr/writes";
import { useProducts, type Product } from "@/lib/swr/use-products";
import { useListEditor } from "@/lib/ui/use-list-editor";
import { LIST_PAGE_SIZE, useListState } from "@/lib/ui/use-list-state";

function ProductsScreen() {
  const { user } = useAdmin();
  const lowStock = useSearchParams().get("filter") === "lowstock";
  const canWrite = can(user.role, "manage_products");
  const list = useListState();
  const products = useProducts({
    page: list.page,
    limit: LIST_PAGE_SIZE,
    search: list.query,
    lowstock: lowStock || undefined,
  });
  const editor = useListEditor<Product>();

  const columns: Column<Product>[] = [
    {
      header: "Imagem",
      cell: (p) =>
        p.image_url ? (
          // eslint-disable-next-line @next/next/no-img-element -- user uploads
          <img src={p.image_url} alt="" className="h-10 w-10 rounded object-cover" />
        ) : (
          <span className="flex h-10 w-10 items-center justify-center rounded bg-gray-100 text-xs text-gray-600">
            —
          </span>
        ),
    },
    {
      header: "Nome",
      cell: (p) => (
        <span className="min-w-0">
          <span className="block font-medium text-gray-900">{p.name}</span>
          <span className="line-clamp-1 text-xs text-gray-600">{p.description}</span>
        </span>
      ),
    },
    { header: "Estoque", cell: (p) => <StockBadge stock={p.stock} /> },
    { header: "Peso", cell: (p) => p.weight },
    { header: "Status", cell: (p) => (p.is_active ? <Badge color="green">Ativo</Badge> : <Badge>Inativo</Badge>) },
  ];
  if (canWrite)
    columns.push({
      header: "Ações",
      cell: (p) => <RowActions name={p.name} onEdit={() => editor.openEdit(p)} onDelete={() => editor.askDelete(p)} />,
    });

  return (
    <>
      <PageHeader
        title="Produtos"
        description="Os prêmios das suas roletas, com estoque e chance base."
        actions={
          canWrite && (
            <Button onClick={editor.openNew}>
              <Plus className="h-4 w-4" aria-hidden /> Novo produto
            </Button>
          )
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput
          id="product-search"
          label="Buscar produtos"
          placeholder="Buscar por nome..."
          value={list.search}
          onChange={list.setSearch}
        />
        {lowStock && (
          <span className="flex items-center gap-2 text-sm text-gray-700">
            <Badge color="yellow">Estoque baixo (ativos com 5 ou menos)</Badge>
            <Link href="/admin/products" className="text-brand-700 underline">
              Ver todos
            </Link>
          </span>
        )}
      </div>
      <QueryState query={products} isEmpty={(d) => d.products.length === 0} empty="Nenhum produto encontrado.">
        {(d) => (
          <div data-tour="products-table">
            <DataTable columns={columns} rows={d.products} rowKey={(p) => p.id} caption="Lista de produtos" />
            <ListFooter pagination={d.pagination} onPage={list.setPage} />
          </div>
        )}
      </QueryState>
      <ProductFormModal open={editor.formOpen} product={editor.editing} onClose={editor.closeForm} />
      <DeleteDialog
        target={editor.deleting}
        title="Excluir produto"
        message={(p) => (
          <>
            Tem certeza que deseja excluir <strong>{p.name}</strong>? Ele sairá de todas as roletas; o histórico de
            giros é mantido.
          </>
        )}
        remove={(p) => endpoints.products.remove(p.id)}
        success="Produto excluído com sucesso!"
        fallback="Erro ao excluir produto"
        onClose={editor.closeDelete}
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
