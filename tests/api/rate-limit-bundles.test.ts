// The production build bundles rate-limiter-flexible twice (proxy.ts and the API routes) while both
// share one limiter state on globalThis: the limiters one bundle made refuse with a RateLimiterRes
// of the other bundle's copy of the class (docs/decisions/rate-limits.md "Refusals detected by
// shape, in every bundle"). Here the shared limiters are swapped for ones refusing with such a
// foreign object; scripts/test/prod-limits.ts proves the same on the real build.
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { consume, ensureNotBlocked, LIMITS } from "@/lib/rate-limit";
import { claimLookupRefusal } from "@/lib/redemption/claim-limit";
import { randomIp } from "../helpers/http";

/** What the other bundle's RateLimiterRes looks like: the same fields, another class. */
class ForeignRes {
  constructor(
    public remainingPoints: number,
    public msBeforeNext: number,
    public consumedPoints: number,
    public isFirstInDuration = false,
  ) {}
}

interface SharedState {
  store: Promise<unknown>;
  limiters: Map<string, unknown>;
  local: Map<string, unknown>;
}
const KEY = Symbol.for("roleta.rate-limit");
const shared = () => (globalThis as unknown as Record<symbol, SharedState>)[KEY];

const swapped: Array<() => void> = [];

/** Makes the named limit's shared (and local) limiter one that refuses like the other bundle's. */
async function refuseForeign(limit: { name: string }, key: string) {
  await consume(LIMITS.claimLookup(), randomIp()); // opens the state
  const s = shared();
  const foreign = {
    consume: () => Promise.reject(new ForeignRes(0, 42_000, 61)),
    get: () => Promise.resolve(new ForeignRes(0, 42_000, 61)),
    reward: () => Promise.resolve(new ForeignRes(1, 42_000, 60)),
    delete: () => Promise.resolve(true),
  };
  for (const map of [s.limiters, s.local]) {
    const before = map.get(limit.name);
    map.set(limit.name, foreign);
    swapped.push(() => (before ? map.set(limit.name, before) : map.delete(limit.name)));
  }
  return key;
}

afterEach(() => {
  while (swapped.length) swapped.pop()!();
});

describe("a refusal made by the other bundle's copy of the limiter", () => {
  it("is a 429 with Retry-After for an API limit, never a 500", async () => {
    const ip = await refuseForeign(LIMITS.loginIp(), randomIp());
    const err = await consume(LIMITS.loginIp(), ip).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(429);
    expect((err as AppError).headers?.["Retry-After"]).toBe("42");
  });

  it("is a 429 for a hot limit counted first in memory (the spin)", async () => {
    const ip = await refuseForeign(LIMITS.spinIp(), randomIp());
    const err = await consume(LIMITS.spinIp(), ip).catch((e: unknown) => e);
    expect((err as AppError).status).toBe(429);
  });

  it("blocks an address already at its limit (ensureNotBlocked)", async () => {
    const ip = await refuseForeign(LIMITS.loginIp(), randomIp());
    const err = await ensureNotBlocked(LIMITS.loginIp(), ip).catch((e: unknown) => e);
    expect((err as AppError).status).toBe(429);
  });

  it("refuses the claim page (429), never serves it", async () => {
    const ip = randomIp();
    await refuseForeign(LIMITS.claimLookup(), ip);
    const req = new NextRequest(new URL("/w/loja/roleta/premio/ABCD1234", "http://localhost:3000"), {
      headers: { "x-forwarded-for": ip },
    });
    const res = await claimLookupRefusal(req);
    expect(res?.status).toBe(429);
    expect(res?.headers.get("retry-after")).toBe("42");
  });
});
