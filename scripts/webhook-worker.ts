// `npm run worker`: the worker of webhooks and jobs (lib/worker/loop.ts) as a process of its own, beside (or instead of)
// the one inside the server. Several may run against one Postgres database: they share the queue.
// It refuses the embedded database (one process per data folder; the server delivers there).
// With METRICS_PORT it serves its own Prometheus text on that port (GET /metrics, Bearer METRICS_TOKEN):
// its deliveries are counted in this process, not the server's.
import { createServer } from "node:http";
import { closeDb, db } from "@/lib/db/client";
import { env, isEmbeddedDatabase } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { MAIL_NOT_READY, mailState } from "@/lib/mail/ready";
import { assertMetricsCaller } from "@/lib/metrics/auth";
import { scrape } from "@/lib/metrics/scrape";
import { jobKindNames } from "@/lib/worker/kinds";
import { startWorkerLoop } from "@/lib/worker/loop";

if (isEmbeddedDatabase()) {
  // Two processes on one PGlite folder lose writes; the server's own worker delivers there.
  console.error("npm run worker needs DATABASE_URL (Postgres): with the embedded database the server delivers.");
  process.exit(1);
}

await db();
const loop = startWorkerLoop();
log().info("worker of webhooks and jobs started");
// The prize e-mails and reminders are this process's to send: say so when they would reach no one.
if (mailState() === "failing") log().error(MAIL_NOT_READY);

const port = env().METRICS_PORT;
const metricsServer = port
  ? createServer((req, res) => {
      void (async () => {
        try {
          if (req.method !== "GET" || req.url !== "/metrics") throw new AppError("NOT_FOUND", "Not found");
          assertMetricsCaller(req.headers.authorization ?? null);
          const { contentType, text } = await scrape(["webhook", ...jobKindNames()]);
          res.writeHead(200, { "content-type": contentType }).end(text);
        } catch (err) {
          res.writeHead(err instanceof AppError ? err.status : 500).end();
        }
      })();
    }).listen(port)
  : null;

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    metricsServer?.close();
    await loop.stop();
    await closeDb();
    process.exit(0);
  });
}
