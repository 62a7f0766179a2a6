// Rate limits on each store (issue 16, item 1) and the login burst of the outside review (issue 17,
// finding 4), through the real login route. Memory runs on the embedded database, Postgres when
// DATABASE_URL is set, Redis when REDIS_URL is set. CI provides both servers and fails here if one
// is missing, so neither store can pass there by not running.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { consume, LIMITS, resetRateLimitStore, storeKind } from "@/lib/rate-limit";
import { openStore, type StoreKind } from "@/lib/rate-limit/stores";
import { createCompany, PASSWORD } from "../helpers/fixtures";
import { call, randomIp } from "../helpers/http";

const POSTGRES = process.env.DATABASE_URL;
const REDIS = process.env.REDIS_URL;
if (process.env.CI && !(POSTGRES && REDIS)) {
  throw new Error("CI runs the rate-limit store tests on Postgres and Redis: set DATABASE_URL and REDIS_URL");
}

const STORES: { kind: StoreKind; available: boolean; redisUrl: string }[] = [
  { kind: "memory", available: !POSTGRES, redisUrl: "" },
  { kind: "postgres", available: !!POSTGRES, redisUrl: "" },
  { kind: "redis", available: !!REDIS, redisUrl: REDIS ?? "" },
];

async function useRedisUrl(url: string | undefined) {
  if (url) process.env.REDIS_URL = url;
  else delete process.env.REDIS_URL;
  resetEnvCache();
  await resetRateLimitStore();
}

afterAll(() => useRedisUrl(REDIS));

const settled = () => new Promise((r) => setTimeout(r, 200));

for (const store of STORES) {
  describe.runIf(store.available)(`${store.kind} store`, () => {
    beforeAll(async () => {
      await useRedisUrl(store.redisUrl);
      expect(await storeKind()).toBe(store.kind);
    });

    it("a parallel burst of 25 wrong passwords checks exactly 10; the right one is then refused", async () => {
      const c = await createCompany();
      const burst = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          call(loginRoute, { ip: randomIp(), body: { email: c.owner.email, password: `chute-${i}` } }),
        ),
      );
      const statuses = burst.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      for (const r of burst.filter((x) => x.status === 429)) {
        expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      // Exactly ten passwords were compared: one audit row per checked attempt.
      const prisma = await db();
      expect(await prisma.auditLog.count({ where: { action: "auth.login_failed", userId: c.owner.id } })).toBe(10);
      const right = await call(loginRoute, { ip: randomIp(), body: { email: c.owner.email, password: PASSWORD } });
      expect(right.status).toBe(429);
    });

    it("a success gives the attempt back: logging in often never locks the account", async () => {
      const c = await createCompany();
      for (let i = 0; i < 12; i++) {
        const r = await call(loginRoute, { body: { email: c.owner.email, password: PASSWORD } });
        expect(r.status).toBe(200);
      }
      const wrong = await call(loginRoute, { body: { email: c.owner.email, password: "errada" } });
      expect(wrong.status).toBe(401);
    });

    it(`counts are ${store.kind === "memory" ? "per instance" : "shared with every instance"}`, async () => {
      const c = await createCompany();
      for (let i = 0; i < 3; i++) await call(loginRoute, { body: { email: c.owner.email, password: "errada" } });
      // Another server: its own connection to the store, its own limiter objects.
      const other = await openStore();
      try {
        const seen = await other.limiter(LIMITS.loginAccount()).get(c.owner.email);
        expect(seen?.consumedPoints ?? 0).toBe(store.kind === "memory" ? 0 : 3);
      } finally {
        await other.close();
      }
    });

    it("the spin limit: a parallel burst from one address passes 30, and other instances see it spent", async () => {
      const ip = randomIp();
      const results = await Promise.allSettled(Array.from({ length: 40 }, () => consume(LIMITS.spinIp(), ip)));
      const limit = LIMITS.spinIp().points;
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(limit);
      await settled(); // the address's first hit is written without waiting for it
      const other = await openStore();
      try {
        const seen = await other.limiter(LIMITS.spinIp()).get(ip);
        expect(seen?.consumedPoints ?? 0).toBe(store.kind === "memory" ? 0 : limit);
      } finally {
        await other.close();
      }
      await expect(consume(LIMITS.spinIp(), ip)).rejects.toMatchObject({ status: 429 });
    });

    it("a crowd of new visitors: every first hit reaches the store", async () => {
      const ips = Array.from({ length: 60 }, () => randomIp());
      await Promise.all(ips.map((ip) => consume(LIMITS.spinIp(), ip)));
      await settled();
      const other = await openStore();
      try {
        const limiter = other.limiter(LIMITS.spinIp());
        const seen = await Promise.all(ips.map(async (ip) => (await limiter.get(ip))?.consumedPoints ?? 0));
        expect(seen).toEqual(ips.map(() => (store.kind === "memory" ? 0 : 1)));
      } finally {
        await other.close();
      }
    });

    // The Postgres store writes first hits in batches (lib/rate-limit/first-hits.ts) with its own
    // upsert, which must keep the library's rules for rows already there.
    if (store.kind === "postgres")
      it("a batched first hit starts an expired count again and adds to a live one", async () => {
        const [expired, live] = [randomIp(), randomIp()];
        const prisma = await db();
        const now = Date.now();
        await prisma.$executeRaw`INSERT INTO "RateLimit" (key, points, expire) VALUES
          (${`spin-ip:${expired}`}, 30, ${now - 1000}), (${`spin-ip:${live}`}, 5, ${now + 60_000})`;
        await Promise.all([consume(LIMITS.spinIp(), expired), consume(LIMITS.spinIp(), live)]);
        await settled();
        const rows = await prisma.$queryRaw<{ key: string; points: number; expire: bigint }[]>`
          SELECT key, points, expire FROM "RateLimit" WHERE key IN (${`spin-ip:${expired}`}, ${`spin-ip:${live}`})`;
        const byKey = Object.fromEntries(rows.map((r) => [r.key, r]));
        expect(byKey[`spin-ip:${expired}`].points).toBe(1);
        expect(Number(byKey[`spin-ip:${expired}`].expire)).toBeGreaterThan(now + 50_000);
        expect(byKey[`spin-ip:${live}`].points).toBe(6);
        expect(Number(byKey[`spin-ip:${live}`].expire)).toBe(now + 60_000);
      });
  });
}

describe("a store that is down", () => {
  beforeAll(() => useRedisUrl("redis://127.0.0.1:1")); // nothing listens there

  it("is replaced by a limiter in each instance's memory: the limits still hold", async () => {
    expect(await storeKind()).toBe("redis");
    const c = await createCompany();
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await call(loginRoute, { body: { email: c.owner.email, password: `chute-${i}` } })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
