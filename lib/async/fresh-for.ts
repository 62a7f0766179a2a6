// A call whose result is reused while it is at most `maxAgeMs` old, and shared by every caller
// while it runs: probes that arrive by the thousand (GET /api/health/ready) cost one check per
// interval, not one per request. A failure is not kept: the next caller tries again.
// `maxAgeMs` may be read at each call (a setting); 0 shares only a call still running at the same instant.
export function freshFor<T>(
  maxAgeMs: number | (() => number),
  fn: () => Promise<T>,
  now: () => number = () => performance.now(),
) {
  let last: { at: number; value: Promise<T> } | null = null;
  return (): Promise<T> => {
    const t = now();
    if (last && t - last.at <= (typeof maxAgeMs === "number" ? maxAgeMs : maxAgeMs())) return last.value;
    const value = fn();
    const entry = { at: t, value };
    last = entry;
    value.catch(() => {
      if (last === entry) last = null;
    });
    return value;
  };
}
