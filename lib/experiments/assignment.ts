// A visitor's arm (docs/api.md "Experiments", "Assignment"): a pure function of the experiment's id
// and the visitor, so every instance answers the same without storing anything per visitor. The
// first 8 bytes of SHA-256("{experiment_id}:{visitor}") as an unsigned big-endian integer, modulo
// 10,000, fall into the arms' weight ranges in their order (arm i takes the next 100·weight_i).
import { createHash } from "node:crypto";

/** The bucket 0..9999 of a visitor in an experiment. */
export function bucketOf(experimentId: string, visitor: string): number {
  const digest = createHash("sha256").update(`${experimentId}:${visitor}`, "utf8").digest();
  return Number(digest.readBigUInt64BE(0) % 10_000n);
}

/** The arm (of `arms`, in their order, weights summing to 100) that holds the visitor. */
export function assignArm<A extends { weight: number }>(experimentId: string, visitor: string, arms: readonly A[]): A {
  const bucket = bucketOf(experimentId, visitor);
  let upper = 0;
  for (const arm of arms) {
    upper += 100 * arm.weight;
    if (bucket < upper) return arm;
  }
  // Weights sum to 100 (validated on write), so this is reached only by a malformed row.
  return arms[arms.length - 1];
}
