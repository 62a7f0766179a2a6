// Load shedding (issue 55, item 1; lib/http/overload.ts): while the event loop is behind or the
// pool's oldest waiter is past its bound, the server's request hook answers the visitor's spin and
// wheel page 503 with Retry-After before the app sees them, counts them on /api/metrics, and lets
// admin, API and health requests through.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as metricsRoute } from "@/app/api/metrics/route";
import { poolWaitMs, watchPoolWait } from "@/lib/db/pool-wait";
import { resetEnvCache } from "@/lib/env";
import { eventLoopDelayMs, sheddable, shedRetryAfter } from "@/lib/http/overload";
import { observeRequests } from "@/lib/http/server-requests";
import { LISTEN_BACKLOG } from "@/lib/net/listen-tuning";
import { call } from "../helpers/http";

const TOKEN = "metrics-token-shedding-0123";
const SHED_KEYS = [
  "SHED_EVENT_LOOP_MS",
  "SHED_POOL_WAIT_MS",
  "SHED_SPINS_IN_FLIGHT",
  "SHED_QUEUE_WAIT_MS",
  "SHED_QUEUE_MAX",
] as const;
const SAVED = { ...process.env };

beforeAll(() => {
  process.env.METRICS_TOKEN = TOKEN;
  process.env.SHED_EVENT_LOOP_MS = "60";
  process.env.SHED_POOL_WAIT_MS = "0";
  // The loop test: the signals alone, shedding at once (no waiting room); the waiting room's test
  // sets its own bounds (setGate).
  process.env.SHED_SPINS_IN_FLIGHT = "0";
  process.env.SHED_QUEUE_WAIT_MS = "0";
  resetEnvCache();
});
afterAll(() => {
  for (const k of ["METRICS_TOKEN", ...SHED_KEYS]) {
    if (SAVED[k] === undefined) delete process.env[k];
    else process.env[k] = SAVED[k];
  }
  resetEnvCache();
});

async function shedTotal(): Promise<number> {
  const res = await call(metricsRoute, { token: TOKEN, url: "/api/metrics" });
  expect(res.status, res.text).toBe(200);
  const line = res.text.split("\n").find((l) => l.startsWith("roleta_requests_shed_total "));
  return Number(line?.split(" ")[1]);
}

function setLoopBound(ms: number) {
  process.env.SHED_EVENT_LOOP_MS = String(ms);
  resetEnvCache();
}

function setGate(bounds: Partial<Record<(typeof SHED_KEYS)[number], number>>) {
  for (const [k, v] of Object.entries(bounds)) process.env[k] = String(v);
  resetEnvCache();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Holds the event loop for ms, as a CPU-bound burst of requests would. */
function block(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe("load shedding", () => {
  it("sheds only the visitor's spin and page, 503 with Retry-After, while the loop is behind", async () => {
    const undo = observeRequests();
    const seen: string[] = [];
    // Stands in for Next: whatever reaches it was not shed.
    const server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.statusCode = req.method === "POST" ? 201 : 200;
      res.end("{}");
    });
    try {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const spin = () =>
        fetch(`${base}/api/public/loja/wheels/roleta/spin`, {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": "k-1" },
          body: JSON.stringify({ name: "Ana" }),
        });
      // A bound no loop reaches here: nothing is shed.
      setLoopBound(60_000);
      expect((await spin()).status).toBe(201);
      const before = await shedTotal();
      setLoopBound(60);

      block(400);
      await sleep(110); // one sample sees the 400 ms the loop was held
      expect(eventLoopDelayMs()).toBeGreaterThan(60);
      const [shedSpin, page, embed, admin, health, otherPublic] = await Promise.all([
        spin(),
        fetch(`${base}/w/loja/roleta`),
        fetch(`${base}/embed/loja/roleta?origem=site`),
        fetch(`${base}/api/products`),
        fetch(`${base}/api/health/ready`),
        fetch(`${base}/w/loja/roleta/premio/ABCD2345`),
      ]);
      expect(shedSpin.status).toBe(503);
      expect(Number(shedSpin.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(shedSpin.headers.get("retry-after"))).toBeLessThanOrEqual(5);
      expect(await shedSpin.json()).toEqual({
        error: "Muitas pessoas girando agora. Tentando de novo em instantes...",
        code: "OVERLOADED",
      });
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toMatch(/^[1-5]$/);
      const html = await page.text();
      expect(html).toContain('lang="pt-BR"');
      expect(html).toContain('http-equiv="refresh"');
      expect(embed.status).toBe(503);
      // Admin, health and the prize's page go on to the app.
      expect([admin.status, health.status, otherPublic.status]).toEqual([200, 200, 200]);
      expect(seen.filter((s) => s.startsWith("POST")).length).toBe(1); // only the first, unshed spin
      expect(await shedTotal()).toBe(before + 3);

      // Once the loop has caught up, the same spin goes through (within seconds on a busy machine).
      let status = 0;
      for (let i = 0; i < 50 && status !== 201; i++) {
        await sleep(100);
        status = (await spin()).status;
      }
      expect(status).toBe(201);
    } finally {
      undo();
      server.closeAllConnections(); // held spins and kept-alive fetches would hold close() up
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("spins past the cap wait for a place, oldest visitor first; one that waits too long is 503", async () => {
    const undo = observeRequests();
    // Stands in for Next: each spin that reaches it is held until the test lets it answer.
    const reached: string[] = [];
    const holding = new Map<string, () => void>();
    const server = http.createServer((req, res) => {
      const key = String(req.headers["idempotency-key"]);
      reached.push(key);
      holding.set(key, () => res.writeHead(201).end("{}"));
    });
    const answer = (key: string) => {
      holding.get(key)!();
      holding.delete(key);
    };
    try {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const spin = (key: string, signal?: AbortSignal) =>
        fetch(`${base}/api/public/loja/wheels/roleta/spin`, {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": key },
          body: "{}",
          signal,
        });
      const until = async (check: () => boolean) => {
        for (let i = 0; i < 200 && !check(); i++) await sleep(10);
        expect(check()).toBe(true);
      };
      setGate({ SHED_EVENT_LOOP_MS: 0, SHED_SPINS_IN_FLIGHT: 1, SHED_QUEUE_WAIT_MS: 300, SHED_QUEUE_MAX: 2 });
      const before = await shedTotal();

      const a = spin("a");
      await until(() => reached.includes("a"));
      // "c" waits 300 ms behind "a" without a place: 503, and the page will come back with its key.
      const c1 = await spin("c");
      expect(c1.status).toBe(503);
      expect(c1.headers.get("retry-after")).toMatch(/^[1-5]$/);
      expect((await c1.json()).code).toBe("OVERLOADED");
      expect(await shedTotal()).toBe(before + 1);

      setGate({ SHED_QUEUE_WAIT_MS: 5000 });
      const b = spin("b"); // a newcomer
      await sleep(50);
      const gone = new AbortController();
      const d = spin("d", gone.signal).catch((e: Error) => e.name);
      await sleep(50);
      // The line is full (2 waiting): a newcomer is answered at once.
      const full = await spin("e");
      expect(full.status).toBe(503);
      gone.abort(); // "d" leaves the line
      expect(await d).toBe("AbortError");
      const c2 = spin("c"); // "c" is back: first seen before "b", it goes ahead of it
      await sleep(50);
      expect(reached).toEqual(["a"]);

      answer("a");
      await until(() => reached.length === 2);
      expect(reached).toEqual(["a", "c"]);
      answer("c");
      await until(() => reached.length === 3);
      answer("b");
      expect(reached).toEqual(["a", "c", "b"]); // "d" left: it never reached the app
      expect([(await a).status, (await c2).status, (await b).status]).toEqual([201, 201, 201]);
    } finally {
      setGate({ SHED_EVENT_LOOP_MS: 60, SHED_SPINS_IN_FLIGHT: 0, SHED_QUEUE_WAIT_MS: 0, SHED_QUEUE_MAX: 2000 });
      for (const k of [...holding.keys()]) answer(k);
      undo();
      server.closeAllConnections(); // held spins and kept-alive fetches would hold close() up
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("the listening socket takes a crowd: a 4096 accept queue", async () => {
    const undo = observeRequests();
    const server = http.createServer((_req, res) => res.end("ok"));
    try {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const port = (server.address() as AddressInfo).port;
      // ss prints a listening socket's backlog as its Send-Q.
      const backlog = () =>
        Number(
          execFileSync("ss", ["-Hltn", `sport = :${port}`], { encoding: "utf8" })
            .trim()
            .split(/\s+/)[2],
        );
      expect(backlog()).toBe(511); // Node's default, as Next listens
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      const somaxconn = Number(readFileSync("/proc/sys/net/core/somaxconn", "utf8"));
      expect(backlog()).toBe(Math.min(LISTEN_BACKLOG, somaxconn));
    } finally {
      undo();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("which requests may be shed", () => {
    expect(sheddable("POST", "/api/public/a/wheels/b/spin")).toBe("spin");
    expect(sheddable("GET", "/api/public/a/wheels/b/spin")).toBeNull();
    expect(sheddable("GET", "/w/a/b")).toBe("page");
    expect(sheddable("HEAD", "/embed/a/b/")).toBe("page");
    for (const path of ["/w/a/b/premio/X", "/w/a/b/totem", "/admin/leads", "/api/health", "/api/public/a/wheels/b"])
      expect(sheddable("GET", path), path).toBeNull();
    expect(sheddable("POST", "/api/wheels/x/spins")).toBeNull();
  });

  it("Retry-After grows with how far past its bound a signal is, 1 to 5 s; a bound of 0 is off", () => {
    const bounds = { loopMs: 100, poolWaitMs: 1000 };
    expect(shedRetryAfter(bounds, { loopMs: 99, poolWaitMs: 999 })).toBeNull();
    expect(shedRetryAfter(bounds, { loopMs: 100, poolWaitMs: 0 })).toBe(1);
    expect(shedRetryAfter(bounds, { loopMs: 0, poolWaitMs: 2500 })).toBe(2);
    expect(shedRetryAfter(bounds, { loopMs: 5000, poolWaitMs: 0 })).toBe(5);
    expect(shedRetryAfter({ loopMs: 0, poolWaitMs: 0 }, { loopMs: 5000, poolWaitMs: 50_000 })).toBeNull();
  });

  it("the pool's oldest waiter: from its connect until it has a client, callback or promise", async () => {
    let give: ((c: unknown) => void)[] = [];
    const pool = {
      connect(cb?: (err: undefined, client: unknown, done: () => void) => void) {
        const p = new Promise((resolve) => give.push(resolve));
        if (cb) void p.then((c) => cb(undefined, c, () => {}));
        else return p;
      },
    };
    watchPoolWait(pool as never);
    expect(poolWaitMs()).toBe(0);
    const first = (pool.connect as () => Promise<unknown>)();
    await sleep(60);
    const got: unknown[] = [];
    pool.connect((_e, c) => got.push(c));
    expect(poolWaitMs()).toBeGreaterThanOrEqual(50);
    give[0]("a");
    await first;
    // The callback's waiter, started 60 ms later, is now the oldest.
    expect(poolWaitMs()).toBeLessThan(50);
    give[1]("b");
    await sleep(0);
    expect(got).toEqual(["b"]);
    expect(poolWaitMs()).toBe(0);
    give = [];
  });
});
