// `npm run worker`: the worker of webhooks and jobs (lib/worker/loop.ts) as a process of its own, beside (or instead of)
// the one inside the server. Several may run against one Postgres database: they share the queue.
// It refuses the embedded database (one process per data folder; the server delivers there).
import { closeDb, db } from "@/lib/db/client";
import { isEmbeddedDatabase } from "@/lib/env";
import { startWorkerLoop } from "@/lib/worker/loop";

if (isEmbeddedDatabase()) {
  // Two processes on one PGlite folder lose writes; the server's own worker delivers there.
  console.error("npm run worker needs DATABASE_URL (Postgres): with the embedded database the server delivers.");
  process.exit(1);
}

await db();
const loop = startWorkerLoop();
console.info("[jobs] worker of webhooks and jobs started; Ctrl+C to stop");
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await loop.stop();
    await closeDb();
    process.exit(0);
  });
}
