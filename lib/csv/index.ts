// CSV for spreadsheets: UTF-8 with BOM (Excel reads accents right), RFC 4180 quoting by
// csv-stringify, and cells that a spreadsheet would run as a formula neutralised.
import { stringify } from "csv-stringify/sync";
import { fullDateTime } from "@/lib/dates/format";

export const BOM = "\uFEFF";

/** Cells starting with = + - @ (or tab/CR) get a leading apostrophe (OWASP CSV injection). */
export function neutralise(value: unknown): string {
  if (value === null || value === undefined) return "";
  const s = String(value);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

export function csvRows(rows: unknown[][]): string {
  return stringify(
    rows.map((r) => r.map(neutralise)),
    { record_delimiter: "\r\n" },
  );
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
