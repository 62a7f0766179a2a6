// `npm run worker`: the webhook delivery worker as a process of its own, beside (or instead of)
// the one inside the server. Several may run against one Postgres database: they share the queue.
// With the embedded database, do not run it while the server has the data folder open.
import { closeDb, db } from "@/lib/db/client";
import { startWebhookLoop } from "@/lib/webhooks/loop";

await db();
const loop = startWebhookLoop();
console.info("[webhooks] worker started; Ctrl+C to stop");
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await loop.stop();
    await closeDb();
    process.exit(0);
  });
}
