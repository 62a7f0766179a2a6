// Operations (docs/api.md "Operations"): liveness and readiness, the Prometheus scrape behind
// METRICS_TOKEN (404 unset, 401 wrong, prom-client's text with the pinned series after spins),
// and the request id that a queued job carries to the worker's log lines.
import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as healthRoute } from "@/app/api/health/route";
import { GET as readyRoute } from "@/app/api/health/ready/route";
import { GET as metricsRoute } from "@/app/api/metrics/route";
import * as dbClient from "@/lib/db/client";
import { db, sqlExecutor } from "@/lib/db/client";
import { migrationsDir, pendingMigrations } from "@/lib/db/migrate";
import { isEmbeddedDatabase, resetEnvCache } from "@/lib/env";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { withLogContext } from "@/lib/log/context";
import { campaignWheel, spinOn } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

const TOKEN = "metrics-token-0123456789";
let c: TestCompany;
beforeAll(async () => {
  c = await createCompany("Operações");
});
afterEach(() => {
  delete process.env.METRICS_TOKEN;
  resetEnvCache();
});

describe("health", () => {
  it("answers liveness without asking anything", async () => {
    const res = await call(healthRoute);
    expect([res.status, res.body]).toEqual([200, { status: "ok" }]);
  });

  it("answers ready when the database answers and every migration is applied", async () => {
    const res = await call(readyRoute);
    expect(res.status, res.text).toBe(200);
    expect(res.body.checks).toMatchObject({ database: "ok", migrations: "ok" });
  });

  it("answers a flood of probes from one check (at most a second old)", async () => {
    await call(readyRoute);
    const spy = vi.spyOn(dbClient, "sqlExecutor");
    try {
      const answers = await Promise.all(Array.from({ length: 40 }, () => call(readyRoute)));
      expect(answers.every((r) => r.status === 200)).toBe(true);
      // Asked at most once more (the first answer's second may end among these), never per probe.
      expect(spy.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("checks on every probe with READINESS_CACHE_MS=0 (bench:spin's trivial route: one SELECT 1 each)", async () => {
    process.env.READINESS_CACHE_MS = "0";
    resetEnvCache();
    await call(readyRoute);
    const spy = vi.spyOn(dbClient, "sqlExecutor");
    try {
      for (let i = 0; i < 5; i++) expect((await call(readyRoute)).status).toBe(200);
      expect(spy.mock.calls.length).toBe(5);
    } finally {
      spy.mockRestore();
      delete process.env.READINESS_CACHE_MS;
      resetEnvCache();
    }
  });

  it("names a migration of the folder that the database lacks", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "migrations-"));
    try {
      await cp(migrationsDir(), dir, { recursive: true });
      expect(await pendingMigrations(await sqlExecutor(), dir)).toEqual([]);
      await mkdir(path.join(dir, "29991231000000_not_applied"));
      expect(await pendingMigrations(await sqlExecutor(), dir)).toEqual(["29991231000000_not_applied"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("GET /api/metrics", () => {
  const scrape = (token?: string) => call(metricsRoute, token ? { token } : {});

  it("does not exist without METRICS_TOKEN, and refuses another token", async () => {
    expect((await scrape(TOKEN)).status).toBe(404);
    process.env.METRICS_TOKEN = TOKEN;
    resetEnvCache();
    expect((await scrape()).status).toBe(401);
    expect((await scrape(`${TOKEN}x`)).status).toBe(401);
  });

  it("counts spins by result, their latency, refusals by reason, and the queue by kind", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    resetEnvCache();
    const { wheel } = await campaignWheel(c, {}, [{ stock: 5 }]);
    const phone = "+5511912340000";
    expect((await spinOn(c, wheel.slug, phone)).status).toBe(201);
    expect((await spinOn(c, wheel.slug, phone)).status).toBe(409);
    await enqueueJob(await db(), {
      companyId: c.companyId,
      kind: "store.refill",
      payload: { product_id: "x" },
      runAt: new Date(Date.now() - 5000),
    });

    const res = await scrape(TOKEN);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const value = (series: string) => {
      const line = res.text.split("\n").find((l) => l.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };
    expect(value('roleta_spins_total{result="won"}')).toBeGreaterThanOrEqual(1);
    expect(value('roleta_spins_total{result="refused"}')).toBeGreaterThanOrEqual(1);
    expect(value('roleta_spin_refusals_total{reason="duplicate"}')).toBeGreaterThanOrEqual(1);
    expect(value("roleta_spin_duration_seconds_count")).toBeGreaterThanOrEqual(2);
    expect(value('roleta_jobs_pending{kind="store.refill"}')).toBeGreaterThanOrEqual(1);
    expect(value('roleta_jobs_oldest_due_age_seconds{kind="store.refill"}')).toBeGreaterThanOrEqual(4);
    expect(value('roleta_jobs_pending{kind="whatsapp.prize"}')).toBeGreaterThanOrEqual(0);
    // The pool's gauge exists only where there is a pool: Postgres, not the embedded database.
    expect(res.text.includes('roleta_db_pool_connections{state="in_use"}')).toBe(!isEmbeddedDatabase());
    // Never the visitor's number.
    expect(res.text).not.toContain("912340000");
  });
});

describe("the request id", () => {
  it("is kept with a job queued during the request, for the worker's log lines", async () => {
    const prisma = await db();
    const id = await withLogContext({ requestId: "req-0123456789" }, () =>
      enqueueJob(prisma, { companyId: c.companyId, kind: "store.release", payload: { product_id: "y" } }),
    );
    const row = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: id! } });
    expect(row.requestId).toBe("req-0123456789");
    await prisma.webhookDelivery.update({ where: { id: id! }, data: { status: "cancelled" } });
  });
});

afterAll(async () => {
  await (
    await db()
  ).webhookDelivery.updateMany({
    where: { companyId: c.companyId, status: "pending" },
    data: { status: "cancelled" },
  });
});
