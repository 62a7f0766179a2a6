// The Shopify "customer events" pixel the Integrações screen gives a shop to paste (docs/stores.md
// "Experiments' conversions (which visitor placed an order)"). Shopify runs no theme script on its checkout; its Web
// Pixels API runs this code in a sandbox on checkout_completed, where `browser.localStorage` reads
// the storefront's own storage asynchronously (the visitor id our loader keeps there,
// embed/experiment.ts) and a keepalive fetch sends the claim. The order id may come as a GID
// (gid://shopify/Order/123): its number is the one the signed orders/paid webhook carries.
// Client-safe: no imports.

export function shopifyPixel(appUrl: string, companySlug: string): string {
  const url = `${appUrl.replace(/\/$/, "")}/api/public/${encodeURIComponent(companySlug)}/conversions`;
  return `// Roleta Premiada: pedidos dos testes (Configurações > Eventos de clientes > Adicionar pixel personalizado)
analytics.subscribe("checkout_completed", async (event) => {
  const visitor = await browser.localStorage.getItem("roleta:visitor");
  const order = String(event.data?.checkout?.order?.id ?? "").split("/").pop();
  if (!visitor || !order) return;
  fetch(${JSON.stringify(url)}, {
    method: "POST",
    keepalive: true,
    body: JSON.stringify({ visitor, order_id: order, platform: "shopify" }),
  }).catch(() => {});
});
`;
}
