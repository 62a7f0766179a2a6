// Keeps a worker polling the one queue (webhook messages and jobs, lib/worker/worker.ts) in this
// process (and sweeps every 30 s for jobs nothing else queues, lib/worker/sweep.ts): the Node server (instrumentation.ts) and `npm run worker` run it; serverless hosts call
// the cron route instead. One loop per process. Up to CAPACITY messages are in flight at once, each recorded as soon as it is answered, so an
// endpoint that takes its full 10 s holds one slot, not the others' deliveries. One company holds
// at most PER_COMPANY of them and companies take turns (lib/webhooks/claim.ts), so another
// company's message waits at most one delivery timeout for a slot.
import "server-only";
import { log } from "@/lib/log";
import { env } from "@/lib/env";
import { claimDue } from "@/lib/webhooks/worker";
import { runClaimed } from "./worker";
import { sweep, SWEEP_INTERVAL_MS } from "./sweep";

const CAPACITY = 10;
const KEY = Symbol.for("roleta.webhookLoop");
type G = typeof globalThis & { [KEY]?: { stop: () => Promise<void> } };
const g = globalThis as G;

export function startWorkerLoop({ intervalMs = env().WEBHOOK_WORKER_INTERVAL_MS } = {}) {
  if (g[KEY]) return g[KEY];
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

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(tick, ms);
  };

  async function tick() {
    const free = CAPACITY - inFlight.size;
    if (claiming || free <= 0 || stopped) return; // a finishing delivery schedules the next claim
    claiming = true;
    let wait = intervalMs;
    try {
      const rows = await claimDue(free, new Date(), byCompany);
      for (const row of rows) {
        count(row.companyId, 1);
        const sending: Promise<unknown> = runClaimed(row)
          .catch((err) => log().error({ err, jobId: row.id }, "a run failed to record"))
          .finally(() => {
            inFlight.delete(sending);
            count(row.companyId, -1);
            if (!claiming) schedule(0);
          });
        inFlight.add(sending);
      }
      // A full claim means more may be due: claim again as soon as a slot frees.
      if (rows.length === free) wait = 0;
    } catch (err) {
      log().error({ err }, "worker pass failed");
    } finally {
      claiming = false;
    }
    if (wait === 0 && inFlight.size >= CAPACITY) return; // the next finishing delivery calls tick
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
