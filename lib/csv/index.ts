// CSV for spreadsheets: UTF-8 with BOM (Excel reads accents right), `;` between cells (what Excel
// in Brazil splits on: with `,` every row landed in one column, and a name like `Joao;=1+1` became
// a formula cell), RFC 4180 quoting, and cells that a spreadsheet would run as a formula neutralised.
import { fullDateTime } from "@/lib/dates/format";

export const BOM = "\uFEFF";

/** First characters a spreadsheet runs as a formula: = + - @ tab CR (OWASP CSV injection). */
const FORMULA_STARTS = new Set(["=", "+", "-", "@", "\t", "\r"]);

/** Cells starting like a formula get a leading apostrophe. */
export function neutralise(value: unknown): string {
  if (value === null || value === undefined) return "";
  const s = typeof value === "string" ? value : String(value);
  return FORMULA_STARTS.has(s.charAt(0)) ? `'${s}` : s;
}

export const SEPARATOR = ";";

// RFC 4180 with `;`: a cell with a `;`, a double quote, CR or LF is quoted and its quotes doubled. Written
// here rather than with csv-stringify: the full lead export writes 15 million cells, and the
// library's per-record work cost ~4.3 s per million rows of the export against ~1 s for this; its output is the
// oracle in tests/unit/csv.test.ts, byte for byte (docs/decisions/libraries.md "The libraries by need").
const NEEDS_QUOTES = /[";\r\n]/;

function cell(value: unknown): string {
  const s = neutralise(value);
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvRows(rows: unknown[][]): string {
  let out = "";
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) out += i ? SEPARATOR + cell(row[i]) : cell(row[i]);
    out += "\r\n";
  }
  return out;
}

/** A streamed CSV download from batches of rows. */
export function csvResponse(filename: string, header: string[], batches: AsyncIterable<unknown[][]>): Response {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + csvRows([header])));
    },
    async pull(controller) {
      try {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(csvRows(value)));
      } catch (err) {
        console.error("[csv] export failed", err);
        controller.error(err);
      }
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/** A date and time cell in São Paulo time; empty for none. */
export const csvDateTime = (d: Date | null) => (d ? fullDateTime(d) : "");

/** 2026-11-22T14-05-09 style stamp for file names. */
export const fileStamp = (d = new Date()) => d.toISOString().slice(0, 19).replace(/:/g, "-");
