// Keeps a worker polling the outbox in this process: the Node server (instrumentation.ts) and
// `npm run worker` run it; serverless hosts call the cron route instead. One loop per process.
import { env } from "@/lib/env";
import { runOnce } from "./worker";

const KEY = Symbol.for("roleta.webhookLoop");
type G = typeof globalThis & { [KEY]?: { stop: () => Promise<void> } };
const g = globalThis as G;

export function startWebhookLoop({ intervalMs = env().WEBHOOK_WORKER_INTERVAL_MS, limit = 10 } = {}) {
  if (g[KEY]) return g[KEY];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const tick = () => {
    current = runOnce({ limit })
      // A full batch means more may be due: go again at once; otherwise wait.
      .then((run) => (run.claimed === limit ? 0 : intervalMs))
      .catch((err) => {
        console.error("[webhooks] worker pass failed:", err);
        return intervalMs;
      })
      .then((wait) => {
        if (!stopped) timer = setTimeout(tick, wait);
      });
  };
  tick();
  g[KEY] = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
      g[KEY] = undefined;
    },
  };
  return g[KEY];
}
