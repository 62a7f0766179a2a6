// A source's printable poster (A4 or A5): "Gire e ganhe!", the wheel's name, a big QR code of the
// source's URL, that URL written out, and the rules link and SPA/MF authorization when there are.
// Plain server HTML with print CSS (no React bundle); the print button's script carries the CSP nonce.
import type { SessionCtx } from "@/lib/auth/session";
import { qrDataUrl } from "@/lib/wheels/qr";
import { getSource } from "./service";

export type PosterFormat = "a4" | "a5";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const SIZES = { a4: { page: "A4", qr: "120mm", title: "22mm" }, a5: { page: "A5", qr: "90mm", title: "15mm" } };

export async function sourcePoster(
  ctx: SessionCtx,
  wheelId: string,
  sourceId: string,
  format: PosterFormat,
  nonce: string,
): Promise<Response> {
  const { wheel, source } = await getSource(ctx, wheelId, sourceId);
  const size = SIZES[format];
  const qr = await qrDataUrl(source.url, 1024);
  const shortLink = source.url.replace(/^https?:\/\//, "");
  const rulesUrl = `${source.url.split("?")[0]}/regulamento`;
  const n = nonce.replace(/[^A-Za-z0-9+/=]/g, "");
  const html = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>Cartaz ${escape(source.name)} — ${escape(wheel.name)}</title>
<style>
  @page { size: ${size.page}; margin: 12mm; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111827; }
  .toolbar { display: flex; gap: 8px; flex-wrap: wrap; padding: 12px; background: #f3f4f6; }
  .toolbar a, .toolbar button { font: inherit; font-size: 14px; padding: 8px 12px; border-radius: 8px;
    border: 1px solid #d1d5db; background: #fff; color: #111827; text-decoration: none; cursor: pointer; }
  .toolbar button { background: #6d28d9; border-color: #6d28d9; color: #fff; }
  .poster { max-width: 180mm; margin: 0 auto; padding: 16px; text-align: center; }
  h1 { font-size: ${size.title}; line-height: 1.05; margin: 0 0 4mm; color: #6d28d9; }
  .wheel { font-size: 7mm; font-weight: 600; margin: 0 0 6mm; overflow-wrap: anywhere; }
  .qr { width: ${size.qr}; max-width: 100%; height: auto; image-rendering: pixelated; }
  .link { font-size: 5mm; font-weight: 600; margin: 4mm 0 0; overflow-wrap: anywhere; }
  .hint { font-size: 4mm; margin: 2mm 0 0; color: #374151; }
  .legal { font-size: 3.2mm; margin: 6mm 0 0; color: #374151; overflow-wrap: anywhere; }
  @media print { .toolbar { display: none; } .poster { padding: 0; } }
</style>
</head>
<body>
<nav class="toolbar" aria-label="Opções do cartaz">
  <button type="button" id="print">Imprimir</button>
  <a href="?format=a4"${format === "a4" ? ' aria-current="page"' : ""}>A4</a>
  <a href="?format=a5"${format === "a5" ? ' aria-current="page"' : ""}>A5</a>
</nav>
<main class="poster">
  <h1>Gire e ganhe!</h1>
  <p class="wheel">${escape(wheel.name)}</p>
  <img class="qr" src="${qr}" alt="QR Code para ${escape(shortLink)}" width="1024" height="1024" />
  <p class="hint">Aponte a câmera do celular para o QR Code</p>
  <p class="link">${escape(shortLink)}</p>
  <p class="legal">Regulamento: ${escape(rulesUrl.replace(/^https?:\/\//, ""))}${
    wheel.authorizationNumber ? `<br />Certificado de Autorização SPA/MF nº ${escape(wheel.authorizationNumber)}` : ""
  }</p>
</main>
<script nonce="${n}">document.getElementById("print").addEventListener("click", function () { window.print(); });</script>
</body>
</html>`;
  return new Response(html, {
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" },
  });
}
