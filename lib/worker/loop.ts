// Keeps a worker polling the one queue (webhook messages and jobs, lib/worker/worker.ts) in this
// process (and sweeps every 30 s for jobs nothing else queues, lib/worker/sweep.ts): the Node server (instrumentation.ts) and `npm run worker` run it; serverless hosts call
// the cron route instead. One loop per process. Up to WORKER_CONCURRENCY messages and jobs run at
// once, each recorded as soon as it is answered, so an endpoint that takes its full 10 s holds one
// slot, not the others' deliveries; a claim statement takes up to WORKER_BATCH due rows. One company
// holds at most half of the slots and companies take turns (lib/webhooks/claim.ts), so another
// company's message waits at most one delivery timeout for a slot, and behind a backlog of quick
// ones at most one batch (docs/decisions/jobs.md "A queue that keeps up").
import "server-only";
import { log } from "@/lib/log";
import { env } from "@/lib/env";
import { perCompanyOf } from "@/lib/webhooks/claim";
import { claimDue } from "@/lib/webhooks/worker";
import { runClaimed } from "./worker";
import { sweep, SWEEP_INTERVAL_MS } from "./sweep";

const KEY = Symbol.for("roleta.webhookLoop");
type G = typeof globalThis & { [KEY]?: { stop: () => Promise<void> } };
const g = globalThis as G;

export function startWorkerLoop({
  intervalMs = env().WEBHOOK_WORKER_INTERVAL_MS,
  concurrency = env().WORKER_CONCURRENCY,
  batch = env().WORKER_BATCH,
} = {}) {
  if (g[KEY]) return g[KEY];
  const perCompany = perCompanyOf(concurrency);
  let stopped = false;
  let claiming = false;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<unknown>>();
  const byCompany = new Map<string, number>();
  const count = (companyId: string, by: number) => {
    const n = (byCompany.get(companyId) ?? 0) + by;
    if (n > 0) byCompany.set(companyId, n);
    else byCompany.delete(companyId);
  };
  // Where more may be due: the last claim was full, or a company was at its share when it was
  // claimed (its claim stopped there, not at the end of its backlog). A run that ends then claims
  // again at once; otherwise the queue was drained and the next claim waits for the poll.
  let fullClaim = false;
  const capped = new Set<string>();
  // Companies whose runs ended while a claim was under way (they did not schedule one).
  const endedDuringClaim = new Set<string>();

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(tick, ms);
  };

  async function tick() {
    const free = concurrency - inFlight.size;
    if (claiming || free <= 0 || stopped) return; // a finishing run schedules the next claim
    claiming = true;
    let wait = intervalMs;
    try {
      const want = Math.min(free, batch);
      // What each company had running when the claim was made: runs ending during the claim
      // lower byCompany, but the claim's shares were counted from this.
      const before = new Map(byCompany);
      endedDuringClaim.clear();
      const rows = await claimDue(want, new Date(), before, perCompany);
      for (const row of rows) {
        count(row.companyId, 1);
        const sending: Promise<unknown> = runClaimed(row)
          .catch((err) => log().error({ err, jobId: row.id }, "a run failed to record"))
          .finally(() => {
            inFlight.delete(sending);
            count(row.companyId, -1);
            if (claiming) endedDuringClaim.add(row.companyId);
            else if (fullClaim || capped.has(row.companyId)) schedule(0);
          });
        inFlight.add(sending);
      }
      fullClaim = rows.length === want;
      const taken = new Map<string, number>();
      for (const row of rows) taken.set(row.companyId, (taken.get(row.companyId) ?? 0) + 1);
      capped.clear();
      for (const companyId of new Set([...before.keys(), ...taken.keys()]))
        if ((before.get(companyId) ?? 0) + (taken.get(companyId) ?? 0) >= perCompany) capped.add(companyId);
      // A full claim means more may be due: claim again at once while slots are free; so does a
      // run that ended during this claim of a company still at its share.
      if (fullClaim || [...endedDuringClaim].some((c) => capped.has(c))) wait = 0;
    } catch (err) {
      log().error({ err }, "worker pass failed");
    } finally {
      claiming = false;
    }
    if (wait === 0 && inFlight.size >= concurrency) return; // the next finishing run calls tick
    schedule(wait);
  }

  // The periodic sweep queues jobs that no request queues (lib/worker/sweep.ts); a sweep's jobs
  // are claimed by the next tick.
  let sweeping: Promise<unknown> = Promise.resolve();
  const runSweep = () => {
    sweeping = sweep().then((n) => n && !claiming && !stopped && schedule(0));
  };
  const sweeper = setInterval(runSweep, SWEEP_INTERVAL_MS);
  sweeper.unref();
  runSweep();

  tick();
  g[KEY] = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(sweeper);
      await Promise.allSettled([...inFlight, sweeping]);
      g[KEY] = undefined;
    },
  };
  return g[KEY];
}
