// Test environment: a fresh in-memory PGlite per worker unless DATABASE_URL names a Postgres
// database (CI creates a fresh one per run). Mail goes to a per-worker outbox folder.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

process.env.PGLITE_DIR ??= "memory://";
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "roleta-test-"));
process.env.NEXTAUTH_SECRET ??= "test-secret-0123456789abcdef0123456789";
process.env.APP_URL ??= "http://localhost:3000";
// Tests pick their own client address through X-Forwarded-For, as a trusted proxy would set it.
process.env.TRUST_PROXY = "true";

afterAll(async () => {
  const { closeDb } = await import("@/lib/db/client");
  await closeDb();
});
