// The lists' table: columns declared once (header + cell). On a phone each row becomes a card
// that shows every column with its header as a label, so nothing hides off to the side.
import { cn } from "@/lib/ui/cn";

export interface Column<T> {
  header: string;
  cell: (row: T) => React.ReactNode;
  className?: string;
}

interface Props<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  caption: string;
  className?: string;
}

export function DataTable<T>({ columns, rows, rowKey, caption, className }: Props<T>) {
  return (
    <div className={cn("rounded-xl border border-gray-200 bg-white md:overflow-x-auto", className)}>
      <table className="block w-full text-sm md:table md:min-w-full md:divide-y md:divide-gray-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-gray-50 md:table-header-group">
          <tr>
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className="px-4 py-3 text-left text-xs font-semibold tracking-wide text-gray-700 uppercase"
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block divide-y divide-gray-200 md:table-row-group md:divide-gray-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="block px-4 py-3 md:table-row md:p-0">
              {columns.map((c) => (
                <td
                  key={c.header}
                  data-label={c.header}
                  className={cn(
                    "flex min-w-0 items-start justify-between gap-4 py-1 text-right break-words text-gray-800",
                    "before:shrink-0 before:text-left before:text-xs before:font-semibold before:text-gray-600 before:content-[attr(data-label)]",
                    "md:table-cell md:px-4 md:py-3 md:text-left md:before:content-none",
                    c.className,
                  )}
                >
                  {/* One box beside the label: a cell of several parts (a link, "Confirmado", the
                      prize message's state) wraps inside it instead of lining up past the card's edge. */}
                  <div className="min-w-0">{c.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
