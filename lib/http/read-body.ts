// The one place a request's body is read (docs/decisions/security.md "Public edge"): as a stream,
// with the size cap enforced while reading, so a chunked body without Content-Length stops costing
// memory at the cap (413 at once) instead of being buffered whole first. A declared Content-Length
// past the cap is refused before a byte is read.
import "server-only";
import { AppError } from "@/lib/errors";

export const TOO_LARGE_MESSAGE = "Requisição muito grande";

export async function readBody(req: Request, maxBytes: number, message = TOO_LARGE_MESSAGE): Promise<Buffer> {
  const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", message);
  if (Number(req.headers.get("content-length") ?? 0) > maxBytes) {
    await req.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** The body as UTF-8 text, read under the same cap. */
export async function readBodyText(req: Request, maxBytes: number, message?: string): Promise<string> {
  return (await readBody(req, maxBytes, message)).toString("utf8");
}
