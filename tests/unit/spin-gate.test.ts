// The spins' waiting room's rules that need no server (lib/http/spin-gate.ts); its HTTP behaviour
// is proved in tests/api/load-shedding.test.ts.
import { describe, expect, it } from "vitest";
import { SpinGate, type GateLimits } from "@/lib/http/spin-gate";

function gate(limits: GateLimits, behind: { now: boolean }) {
  const g = new SpinGate(
    () => limits,
    () => behind.now,
  );
  const admitted: string[] = [];
  const shed: string[] = [];
  const releases = new Map<string, () => void>();
  const enter = (key: string) =>
    g.enter(
      key,
      (release) => {
        admitted.push(key);
        releases.set(key, release);
      },
      () => shed.push(key),
    );
  return { g, admitted, shed, enter, release: (key: string) => releases.get(key)!() };
}

describe("the spins' waiting room", () => {
  it("while the process is behind, a quarter of the places still fill: the line never stops", () => {
    const behind = { now: true };
    const t = gate({ maxInFlight: 8, maxWaitMs: 60_000, maxQueue: 100 }, behind);
    for (const k of ["a", "b", "c", "d"]) t.enter(k);
    expect(t.admitted).toEqual(["a", "b"]);
    expect(t.g.waiting).toBe(2);
    t.release("a");
    expect(t.admitted).toEqual(["a", "b", "c"]);
    // Caught up: every place may fill again.
    behind.now = false;
    t.release("b");
    expect(t.admitted).toEqual(["a", "b", "c", "d"]);
    expect(t.g.inFlight).toBe(2);
    expect(t.shed).toEqual([]);
  });

  it("a release counts once, however often it is called", () => {
    const t = gate({ maxInFlight: 1, maxWaitMs: 60_000, maxQueue: 100 }, { now: false });
    t.enter("a");
    t.enter("b");
    t.enter("c");
    t.release("a");
    t.release("a");
    expect(t.admitted).toEqual(["a", "b"]);
    expect(t.g.inFlight).toBe(1);
  });

  it("no cap: only the signals count, and a spin is shed at once when there is no wait", () => {
    const behind = { now: false };
    const t = gate({ maxInFlight: 0, maxWaitMs: 0, maxQueue: 100 }, behind);
    for (const k of ["a", "b", "c"]) t.enter(k);
    behind.now = true;
    t.enter("d");
    expect(t.admitted).toEqual(["a", "b", "c"]);
    expect(t.shed).toEqual(["d"]);
  });
});
