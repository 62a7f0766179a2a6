// The shared part of the store fakes: an HTTP server on a random local port that records every
// request and can answer 429 with Retry-After first (each platform's documented rate limit).
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { rawJson } from "./store-orders";

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface Fake {
  url: string;
  requests: Recorded[];
  /** Coupons the fake holds, by its id. */
  coupons: Map<string, Record<string, unknown>>;
  /** The next n requests answer 429 with this Retry-After (seconds). */
  throttle(n: number, retryAfter?: number): void;
  /** Every request is answered this many milliseconds late (a slow store); 0 for none. */
  slow(ms: number): void;
  /** Requests this answers for (a status and a body) get that answer instead; null: none. */
  intercept(fn: ((req: Recorded) => { status: number; body: unknown } | undefined) | null): void;
  close(): Promise<void>;
}

export type Handler = (
  req: Recorded,
  res: {
    json: (status: number, body: unknown) => void;
    /** Any other answer: a page, a redirect (the platforms' own pages in an install flow). */
    raw?: (status: number, body: string, headers: Record<string, string>) => void;
  },
  coupons: Map<string, Record<string, unknown>>,
) => void;

/** `port` 0 picks a free one; the e2e passes a fixed one its server's environment names. */
export async function startFake(handle: Handler, port = 0): Promise<Fake> {
  const requests: Recorded[] = [];
  const coupons = new Map<string, Record<string, unknown>>();
  let throttled = 0;
  let retryAfter = 1;
  let delayMs = 0;
  let override: ((req: Recorded) => { status: number; body: unknown } | undefined) | null = null;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (d) => (raw += d));
    req.on("end", () => {
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        /* kept as text */
      }
      const rec = { method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, body };
      requests.push(rec);
      const json = (status: number, out: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(rawJson(out));
      };
      if (throttled > 0) {
        throttled--;
        return json(429, { errors: "Too Many Requests" }, { "retry-after": String(retryAfter) });
      }
      const forced = override?.(rec);
      if (forced) return json(forced.status, forced.body);
      const send = (status: number, out: string, headers: Record<string, string>) => {
        res.writeHead(status, headers);
        res.end(out);
      };
      if (delayMs > 0) setTimeout(() => handle(rec, { json: (s, b) => json(s, b), raw: send }, coupons), delayMs);
      else handle(rec, { json: (s, b) => json(s, b), raw: send }, coupons);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    coupons,
    throttle(n, seconds = 1) {
      throttled = n;
      retryAfter = seconds;
    },
    slow(ms) {
      delayMs = ms;
    },
    intercept(fn) {
      override = fn;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
