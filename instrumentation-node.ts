// The Node server's start-up (instrumentation.ts loads it only in the Node runtime): stamps each
// request with its socket address (client-ip.ts), counts and logs each answered request
// (lib/http/server-requests.ts), applies pending migrations and, on an empty
// embedded database, seeds the demo company; then starts the webhook delivery worker
// (lib/worker/loop.ts: webhooks and jobs) unless WEBHOOK_WORKER=false. Not during the build (nothing runs there).
// In production Next's own console errors go through the logger; a client closing its connection
// mid-request is not logged as a crash (lib/net/client-abort.ts, which wraps the routed console).
// It also captures the context that outlives requests (lib/async/outside-request.ts) and caps how
// far the heap grows between full collections (lib/async/heap-growth.ts).
import { log } from "@/lib/log";
import { routeConsoleThroughLog } from "@/lib/log/console";
import { MAIL_NOT_READY, mailState } from "@/lib/mail/ready";
import { limitHeapGrowth } from "@/lib/async/heap-growth";
import { bindOutsideRequest } from "@/lib/async/outside-request";
import { db, onFirstOpen } from "@/lib/db/client";
import { seedDemoIfEmpty } from "@/lib/demo/seed";
import { assertServerEnv, env } from "@/lib/env";
import { observeRequests } from "@/lib/http/server-requests";
import { ignoreClientAborts } from "@/lib/net/client-abort";
import { assertServerlessEnv } from "@/lib/health/serverless";
import { stampSocketAddresses } from "@/lib/net/socket-address";
import { startWorkerLoop } from "@/lib/worker/loop";

export async function startNodeServer() {
  // Next's own error dumps as one scrubbed JSON line each (lib/log/console.ts), first of all.
  if (env().NODE_ENV === "production") routeConsoleThroughLog();
  assertServerEnv(); // a clear error at start rather than links to localhost later
  if (mailState() === "failing" && env().NEXT_PHASE !== "phase-production-build") log().error(MAIL_NOT_READY);
  assertServerlessEnv(); // on Vercel: uploads, mail and the database must not go to the function's disk
  bindOutsideRequest();
  limitHeapGrowth(env().HEAP_GROWING_PERCENT);
  stampSocketAddresses();
  ignoreClientAborts();
  observeRequests();
  onFirstOpen(seedDemoIfEmpty);
  await db().catch((err) => log().error({ err }, "database not ready at start; requests will retry"));
  if (env().WEBHOOK_WORKER && env().NEXT_PHASE !== "phase-production-build") startWorkerLoop();
  log().info({ worker: env().WEBHOOK_WORKER }, "server started");
}
