// Runs once when the server starts: applies pending migrations and, on an empty embedded
// database, seeds the demo company and prints its logins.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { db } = await import("@/lib/db/client");
  await db().catch((err) => console.error("[db] startup failed; requests will retry:", err));
}
