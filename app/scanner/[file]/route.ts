// Serves the ZXing WebAssembly of the counter's QR scanner (components/redeem/qr-scanner.tsx) from
// the installed zxing-wasm package, so the scanner fetches nothing from an outside CDN. The path
// is built at run time (a static import would make the bundler load the .wasm as a module);
// next.config.mjs traces the file into the server's output.
import { readFile } from "node:fs/promises";
import path from "node:path";

const WASM_FILE = "zxing_reader.wasm";

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  if ((await params).file !== WASM_FILE) return new Response("Not found", { status: 404 });
  // One literal path: a computed one would make the bundler trace the whole project as assets.
  const wasm = await readFile(path.join(process.cwd(), "node_modules/zxing-wasm/dist/reader/zxing_reader.wasm"));
  return new Response(new Uint8Array(wasm), {
    headers: { "content-type": "application/wasm", "cache-control": "public, max-age=86400" },
  });
}
