"use client";
// The pager under every paged list (leads, reports' history, products, wheels): at most 5 page
// buttons, the total, and optionally the page-size choice. Nothing in it breaks
// over lines on a phone.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { cn } from "@/lib/ui/cn";

export function pageWindow(page: number, totalPages: number, size = 5): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), totalPages - size + 1));
  return Array.from({ length: Math.min(size, totalPages) }, (_, i) => start + i);
}

export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (p: number) => void }) {
  if (totalPages <= 1) return null;
  const step = "px-2.5 sm:px-4";
  return (
    <nav aria-label="Paginação" className="flex items-center gap-1">
      <Button variant="secondary" className={step} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="h-4 w-4 sm:hidden" aria-hidden />
        <span className="sr-only sm:not-sr-only">Anterior</span>
      </Button>
      {pageWindow(page, totalPages).map((p) => (
        <Button
          key={p}
          className="px-3"
          variant={p === page ? "primary" : "secondary"}
          aria-current={p === page ? "page" : undefined}
          onClick={() => onPage(p)}
        >
          {p}
        </Button>
      ))}
      <Button variant="secondary" className={step} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        <span className="sr-only sm:not-sr-only">Próxima</span>
        <ChevronRight className="h-4 w-4 sm:hidden" aria-hidden />
      </Button>
    </nav>
  );
}

interface ListFooterProps {
  pagination: { page: number; total: number; totalPages: number };
  onPage: (p: number) => void;
  /** The page-size choice, when the list offers one. */
  size?: { value: number; options: number[]; onChange: (n: number) => void };
  className?: string;
}

/** Page size, total and pager in one row (wrapping as a whole on narrow screens). */
export function ListFooter({ pagination, onPage, size, className }: ListFooterProps) {
  return (
    <div className={cn("mt-4 flex flex-wrap items-center justify-between gap-3", className)}>
      <div className="flex items-center gap-2 text-sm whitespace-nowrap text-gray-700">
        {size && (
          <>
            <label htmlFor="page-size">Por página</label>
            <span className="w-20">
              <select
                id="page-size"
                className={inputClass}
                value={size.value}
                onChange={(e) => size.onChange(Number(e.target.value))}
              >
                {size.options.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </span>
          </>
        )}
        <span>{pagination.total.toLocaleString("pt-BR")} no total</span>
      </div>
      <Pager page={pagination.page} totalPages={pagination.totalPages} onPage={onPage} />
    </div>
  );
}
