// Runs once when the server starts: stamps each request with its socket address (client-ip.ts),
// applies pending migrations and, on an empty embedded database, seeds the demo company; then
// starts the webhook delivery worker (lib/webhooks/loop.ts) unless WEBHOOK_WORKER=false. Only in
// the Node server: not on the edge, not during the build (nothing runs there), not in tests.
export async function register() {
  const { env } = await import("@/lib/env");
  if (env().NEXT_RUNTIME !== "nodejs") return;
  const { stampSocketAddresses } = await import("@/lib/http/socket-address");
  stampSocketAddresses();
  const { db } = await import("@/lib/db/client");
  await db().catch((err) => console.error("[db] startup failed; requests will retry:", err));
  if (env().WEBHOOK_WORKER && env().NEXT_PHASE !== "phase-production-build") {
    const { startWebhookLoop } = await import("@/lib/webhooks/loop");
    startWebhookLoop();
  }
}
