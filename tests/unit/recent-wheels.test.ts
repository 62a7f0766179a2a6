// The spin's remembered wheel reads (lib/spins/recent-wheels.ts): their age limit, who forgets
// them, and a read that a write overtook.
import { describe, expect, it } from "vitest";
import { announceWrite } from "@/lib/db/writes";
import type { PublicWheel } from "@/lib/spins/public-wheel";
import { readMark, recentWheel, RECENT_WHEEL_MS, rememberWheel } from "@/lib/spins/recent-wheels";

let n = 0;
const wheelOf = (companyId: string) =>
  ({
    company: { id: companyId },
    wheel: { id: `w${++n}` },
    prizes: [{ id: "p" }],
    maxSpinsMonth: -1,
  }) as unknown as PublicWheel;

describe("remembered wheel reads", () => {
  it("serve for RECENT_WHEEL_MS from the read, then are read again", () => {
    const loaded = wheelOf("c1");
    rememberWheel("loja", "roleta", loaded, readMark(), 10_000);
    expect(recentWheel("loja", "roleta", 10_000 + RECENT_WHEEL_MS - 1)).toBe(loaded);
    expect(recentWheel("loja", "roleta", 10_000 + RECENT_WHEEL_MS)).toBeNull();
    expect(recentWheel("loja", "roleta", 10_000)).toBeNull(); // gone once expired
  });

  it("are frozen: concurrent spins share them", () => {
    const loaded = wheelOf("c2");
    rememberWheel("loja2", "roleta", loaded, readMark(), 1);
    expect(() => {
      (loaded.prizes as unknown[]).push({});
    }).toThrow(TypeError);
  });

  it("are forgotten by a write to what the read holds, for that company only", () => {
    const mine = wheelOf("c3");
    const theirs = wheelOf("c4");
    rememberWheel("a", "r", mine, readMark(), 1);
    rememberWheel("b", "r", theirs, readMark(), 1);
    announceWrite("Spin", "c3"); // not part of the read
    expect(recentWheel("a", "r", 2)).toBe(mine);
    announceWrite("WheelProduct", "c3");
    expect(recentWheel("a", "r", 2)).toBeNull();
    expect(recentWheel("b", "r", 2)).toBe(theirs);
    announceWrite(null, null); // some company's rows: every wheel
    expect(recentWheel("b", "r", 2)).toBeNull();
  });

  it("are not remembered when a write came between the read's start and its end", () => {
    const mark = readMark();
    announceWrite("Wheel", "c5"); // the admin's write lands while the read is in flight
    rememberWheel("c", "r", wheelOf("c5"), mark, 1);
    expect(recentWheel("c", "r", 2)).toBeNull();
    rememberWheel("c", "r", wheelOf("c5"), readMark(), 1);
    expect(recentWheel("c", "r", 2)).not.toBeNull();
  });
});
