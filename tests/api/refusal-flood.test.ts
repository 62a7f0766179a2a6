// A refused spin must cost no database write and no lock (docs/decisions/rate-limits.md "Refusals
// counted in memory, written in batches without a lock"): one address flooding one wheel held the
// pool's connections on a per-wheel advisory lock and stalled every company's spins. Here a flood of
// 429s runs no statement and no transaction while it lasts, and the counts are all there after.
// scripts/test/prod-limits.ts measures the same on the production build under autocannon.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as refusalsRoute } from "@/app/api/wheels/[id]/refusals/route";
import { db } from "@/lib/db/client";
import { settleRefusals } from "@/lib/refusals/record";
import { campaignWheel, spinOn } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call, randomIp } from "../helpers/http";

let A: TestCompany;
beforeAll(async () => {
  A = await createCompany("Loja Enxurrada");
});

afterEach(() => {
  vi.restoreAllMocks();
});

const refusals = (wheelId: string) => call(refusalsRoute, { token: A.owner.token, params: { id: wheelId } });

describe("a flood of refused spins from one address", () => {
  it("runs no transaction and no statement per refusal; every one is counted after", async () => {
    const { wheel } = await campaignWheel(A, {}, [{ stock: 1000 }]);
    const ip = randomIp();
    for (let i = 0; i < 30; i++) expect((await spinOn(A, wheel.slug, undefined, ip)).status).toBe(201);
    await settleRefusals();

    const prisma = await db();
    const transactions = vi.spyOn(prisma, "$transaction");
    const statements = vi.spyOn(prisma, "$executeRaw");
    const answers = await Promise.all(Array.from({ length: 200 }, () => spinOn(A, wheel.slug, undefined, ip)));
    expect(answers.map((a) => a.status)).toEqual(Array(200).fill(429));
    // Let anything the answers started run: nothing may have touched the database.
    await new Promise((r) => setTimeout(r, 50));
    expect(transactions).not.toHaveBeenCalled();
    expect(statements).not.toHaveBeenCalled();

    await settleRefusals();
    expect(transactions).not.toHaveBeenCalled();
    expect(statements.mock.calls.length).toBeLessThanOrEqual(1);
    const res = await refusals(wheel.id);
    expect(res.body.by_reason.rate_limited).toBe(200);
    expect(res.body.recent).toHaveLength(100);
    expect(new Set(res.body.recent.map((r: { reason: string }) => r.reason))).toEqual(new Set(["rate_limited"]));
  });

  it("keeps the last 100 of a wheel across batches, newest first", async () => {
    const { wheel } = await campaignWheel(A, {}, [{ stock: 1 }]);
    expect((await spinOn(A, wheel.slug)).status).toBe(201);
    for (let batch = 0; batch < 3; batch++) {
      const answers = await Promise.all(Array.from({ length: 45 }, () => spinOn(A, wheel.slug)));
      expect(answers.map((a) => a.status)).toEqual(Array(45).fill(410));
      await settleRefusals();
    }
    const res = await refusals(wheel.id);
    expect(res.body.by_reason.sold_out).toBe(135);
    expect(res.body.recent).toHaveLength(100);
    expect(await (await db()).refusal.count({ where: { wheelId: wheel.id } })).toBe(100);
  });
});
