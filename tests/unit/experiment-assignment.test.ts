// The pinned assignment (docs/api.md "Experiments"): first 8 bytes of SHA-256("{id}:{visitor}"),
// unsigned big-endian, mod 10,000, into the weight ranges in order. Vectors computed apart
// (Python's hashlib: int.from_bytes(sha256(...).digest()[:8], "big") % 10000).
import { describe, expect, it } from "vitest";
import { assignArm, bucketOf } from "@/lib/experiments/assignment";

describe("experiment assignment", () => {
  it("matches fixed vectors of the pinned hash", () => {
    expect(bucketOf("00000000-0000-4000-8000-000000000001", "visitor-0001")).toBe(4067);
    expect(bucketOf("3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f", "abcDEF_123-xyz")).toBe(1445);
    expect(bucketOf("exp", "12345678")).toBe(4075);
  });

  it("maps buckets into the arms' ranges in order", () => {
    const arms = [
      { key: "A", weight: 40 },
      { key: "B", weight: 40 },
      { key: "H", weight: 20 },
    ];
    // 4067 is in B's [4000, 8000); 1445 in A's [0, 4000).
    expect(assignArm("00000000-0000-4000-8000-000000000001", "visitor-0001", arms).key).toBe("B");
    expect(assignArm("3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f", "abcDEF_123-xyz", arms).key).toBe("A");
    expect(
      assignArm("exp", "12345678", [
        { key: "X", weight: 40 },
        { key: "Y", weight: 60 },
      ]).key,
    ).toBe("Y");
    expect(
      assignArm("exp", "12345678", [
        { key: "X", weight: 41 },
        { key: "Y", weight: 59 },
      ]).key,
    ).toBe("X");
  });

  it("splits 10,000 visitors within 1.5 points of the weights, the same way every time", () => {
    const arms = [
      { key: "A", weight: 50 },
      { key: "B", weight: 30 },
      { key: "H", weight: 20 },
    ];
    const n = 10_000;
    const counts: Record<string, number> = { A: 0, B: 0, H: 0 };
    for (let i = 0; i < n; i++) counts[assignArm("exp-1", `visitor-${i}`, arms).key]++;
    for (const a of arms) expect(Math.abs((100 * counts[a.key]) / n - a.weight)).toBeLessThan(1.5);
    expect(assignArm("exp-1", "visitor-42", arms)).toBe(assignArm("exp-1", "visitor-42", arms));
  });
});
