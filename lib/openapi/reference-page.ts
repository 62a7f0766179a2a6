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
  // One light theme, the one whose colours A11Y_CSS brings to WCAG AA contrast.
  forceDarkModeState: "light",
  hideDarkModeToggle: true,
};

// Scalar's light theme greys and method colours sit at 2.4-4.3:1 on its white and off-white
// backgrounds; these reach 4.5:1 (tests/e2e/a11y.spec.ts runs axe on this page).
const A11Y_CSS = `
.light-mode, .light-mode .scalar-app, .scalar-app.light-mode, :root {
  --scalar-color-2: #4b5563 !important;
  --scalar-color-3: #525a66 !important;
  --scalar-color-green: #047857 !important;
  --scalar-color-blue: #1d4ed8 !important;
  --scalar-color-orange: #b45309 !important;
  --scalar-color-red: #b91c1c !important;
  --scalar-color-yellow: #854d0e !important;
  --scalar-color-purple: #6d28d9 !important;
  --scalar-color-accent: #1b1b1b !important;
  --scalar-sidebar-color-2: #4b5563 !important;
}`;

// What the bundle leaves to assistive technology, patched after each render (the bundle is
// third-party and prebuilt): icon-only buttons get a name, buttons lose the aria-selected only
// tabs may carry (aria-current instead), a tablist with no tab loses its role, "Show More" buttons
// get a name that starts with their visible text, and horizontally scrolling lists become focusable.
const A11Y_PATCH = `(() => {
  const set = (el, name, value) => { if (el.getAttribute(name) !== value) el.setAttribute(name, value); };
  const fix = () => {
    for (const b of document.querySelectorAll("button")) {
      if (b.hasAttribute("aria-selected")) {
        if (b.getAttribute("aria-selected") === "true") set(b, "aria-current", "page");
        else b.removeAttribute("aria-current");
        b.removeAttribute("aria-selected");
      }
      // Icon buttons whose only text is hidden from the accessibility tree.
      const name = b.matches("[role=search]") ? "Buscar na documentação"
        : b.matches(".scalar-code-copy") ? "Copiar"
        : b.matches(".client-libraries__select") && !b.innerText.trim() ? "Mais linguagens" : null;
      if (name && !b.hasAttribute("aria-label")) set(b, "aria-label", name);
      const text = (b.textContent || "").trim();
      const label = b.getAttribute("aria-label");
      if (!name && text && label && !label.toLowerCase().includes(text.toLowerCase())) set(b, "aria-label", text + ": " + label);
    }
    // The code examples' tablist also holds the "more languages" button, which no tablist may: it
    // becomes a group of toggle buttons (the pressed one is the language shown).
    for (const t of document.querySelectorAll(".client-libraries-list[role=tablist]")) {
      set(t, "role", "group");
      t.removeAttribute("aria-orientation");
    }
    for (const tab of document.querySelectorAll(".client-libraries-list [role=tab]")) tab.removeAttribute("role");
    for (const b of document.querySelectorAll(".client-libraries-list button.client-libraries:not(.client-libraries__select)"))
      set(b, "aria-pressed", String((b.getAttribute("data-headlessui-state") || "").includes("selected")));
    for (const u of document.querySelectorAll("ul.endpoints")) set(u, "tabindex", "0");
  };
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fix(); });
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-selected", "data-headlessui-state"] });
})();`;

export function referencePage(nonce: string): string {
  const n = nonce.replace(/[^A-Za-z0-9+/=]/g, "");
  return `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Roleta Premiada — API</title>
    <style>${A11Y_CSS}</style>
  </head>
  <body>
    <main id="app"></main>
    <script nonce="${n}" src="/docs/api/reference.js?v=${SCALAR_VERSION}"></script>
    <script nonce="${n}">Scalar.createApiReference("#app", ${JSON.stringify(CONFIG)});${A11Y_PATCH}</script>
  </body>
</html>`;
}
