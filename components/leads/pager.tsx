"use client";
// Page navigation with at most 5 page buttons (spec section 9).
import { Button } from "@/components/ui/button";

export function pageWindow(page: number, totalPages: number, size = 5): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), totalPages - size + 1));
  return Array.from({ length: Math.min(size, totalPages) }, (_, i) => start + i);
}

export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (p: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Paginação" className="flex items-center gap-1">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>Anterior</Button>
      {pageWindow(page, totalPages).map((p) => (
        <Button key={p} variant={p === page ? "primary" : "secondary"} aria-current={p === page ? "page" : undefined} onClick={() => onPage(p)}>{p}</Button>
      ))}
      <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>Próxima</Button>
    </nav>
  );
}
