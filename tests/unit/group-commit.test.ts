import { describe, expect, it } from "vitest";
import { groupCommit } from "@/lib/db/group-commit";

describe("groupCommit", () => {
  it("writes at once when idle, and what came in meanwhile in one statement", async () => {
    const statements: number[][] = [];
    let release: () => void = () => {};
    const record = groupCommit<number>(async (items) => {
      statements.push(items);
      if (statements.length === 1) await new Promise<void>((r) => (release = r));
    });
    const first = record(1);
    const later = [record(2), record(3), record(4)];
    expect(statements).toEqual([[1]]);
    release();
    await Promise.all([first, ...later]);
    expect(statements).toEqual([[1], [2, 3, 4]]);
  });

  it("tries a failed statement's items one by one: only the refused one fails", async () => {
    let release: () => void = () => {};
    let calls = 0;
    const record = groupCommit<number>(async (items) => {
      if (++calls === 1) await new Promise<void>((r) => (release = r));
      if (items.length > 1 || items[0] === 3) throw new Error("refused");
    });
    const first = record(1);
    const results = Promise.allSettled([record(2), record(3), record(4)]);
    release();
    await first;
    expect((await results).map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });
});
