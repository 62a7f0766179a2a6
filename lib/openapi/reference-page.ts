// The API reference for integrators at /docs/api: Scalar's prebuilt standalone bundle, served from
// our own origin (never a CDN), reading GET /api/openapi.json. A route handler, not a React page,
// so none of it reaches the admin's or the visitor's bundles. The page's CSP (proxy.ts) allows only
// our origin, so Scalar's optional outside calls (fonts, its request proxy) are off or blocked.
import { readFile } from "node:fs/promises";
import path from "node:path";

export const SCALAR_VERSION = "1.46.4";
const BUNDLE = path.join(process.cwd(), "node_modules/@scalar/api-reference/dist/browser/standalone.js");

let bundle: Promise<Buffer> | undefined;

export function scalarBundle(): Promise<Buffer> {
  bundle ??= readFile(BUNDLE);
  return bundle;
}

const CONFIG = {
  url: "/api/openapi.json",
  withDefaultFonts: false,
  hideClientButton: false,
  showDeveloperTools: "never",
  telemetry: false,
  agent: { disabled: true },
  metaData: { title: "Roleta Premiada — API" },
};

export function referencePage(nonce: string): string {
  const n = nonce.replace(/[^A-Za-z0-9+/=]/g, "");
  return `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Roleta Premiada — API</title>
  </head>
  <body>
    <main id="app"></main>
    <script nonce="${n}" src="/docs/api/reference.js?v=${SCALAR_VERSION}"></script>
    <script nonce="${n}">Scalar.createApiReference("#app", ${JSON.stringify(CONFIG)});</script>
  </body>
</html>`;
}
