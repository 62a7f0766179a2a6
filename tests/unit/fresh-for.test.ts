// A result reused while it is fresh (lib/async/fresh-for.ts): /api/health/ready answers from a
// check at most one second old, so a flood of probes does not query the database per request.
import { describe, expect, it } from "vitest";
import { freshFor } from "@/lib/async/fresh-for";

function counted() {
  let calls = 0;
  let release: (() => void) | null = null;
  const fn = () => {
    calls += 1;
    return new Promise<number>((resolve) => {
      release = () => resolve(calls);
    });
  };
  return { fn, calls: () => calls, release: () => release?.() };
}

describe("freshFor", () => {
  it("shares one call among callers while it runs", async () => {
    const t = 0;
    const c = counted();
    const get = freshFor(1000, c.fn, () => t);
    const all = Promise.all(Array.from({ length: 50 }, () => get()));
    c.release();
    expect(await all).toEqual(Array(50).fill(1));
    expect(c.calls()).toBe(1);
  });

  it("reuses a result up to the given age, then calls again", async () => {
    let t = 0;
    const c = counted();
    const get = freshFor(1000, c.fn, () => t);
    const first = get();
    c.release();
    await first;
    t = 999;
    expect(await get()).toBe(1);
    expect(c.calls()).toBe(1);
    t = 1001;
    const second = get();
    c.release();
    expect(await second).toBe(2);
    expect(c.calls()).toBe(2);
  });

  it("does not keep a failure: the next caller tries again", async () => {
    let n = 0;
    const get = freshFor(
      1000,
      async () => {
        n += 1;
        if (n === 1) throw new Error("down");
        return n;
      },
      () => 0,
    );
    await expect(get()).rejects.toThrow("down");
    expect(await get()).toBe(2);
  });
});
