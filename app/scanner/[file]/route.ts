// Serves the ZXing WebAssembly of the counter's QR scanner (components/redeem/qr-scanner.tsx) from
// the installed zxing-wasm package, so the scanner fetches nothing from an outside CDN.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

const FILE = "zxing_reader.wasm";
const require = createRequire(import.meta.url);

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  if ((await params).file !== FILE) return new Response("Not found", { status: 404 });
  const wasm = await readFile(require.resolve("zxing-wasm/reader/zxing_reader.wasm"));
  return new Response(new Uint8Array(wasm), {
    headers: { "content-type": "application/wasm", "cache-control": "public, max-age=86400" },
  });
}
