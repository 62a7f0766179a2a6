// Runs once when the server starts: stamps each request with its socket address (client-ip.ts),
// applies pending migrations and, on an empty embedded database, seeds the demo company.
export async function register() {
  const { env } = await import("@/lib/env");
  if (env().NEXT_RUNTIME !== "nodejs") return;
  const { stampSocketAddresses } = await import("@/lib/http/socket-address");
  stampSocketAddresses();
  const { db } = await import("@/lib/db/client");
  await db().catch((err) => console.error("[db] startup failed; requests will retry:", err));
}
