// The draw: a pure weighted choice, fed with cryptographic randomness by the caller.
import { randomInt as cryptoRandomInt } from "node:crypto";

export interface Weighted {
  id: string;
  weight: number;
}

/** Picks one item with probability weight / total. `randomInt(max)` returns 0..max-1. */
export function drawPrize<T extends Weighted>(items: T[], randomInt: (max: number) => number = cryptoRandomInt): T | null {
  const pool = items.filter((i) => i.weight > 0);
  const total = pool.reduce((sum, i) => sum + i.weight, 0);
  if (total === 0) return null;
  let ticket = randomInt(total);
  for (const item of pool) {
    if (ticket < item.weight) return item;
    ticket -= item.weight;
  }
  return pool[pool.length - 1];
}

/** Probabilities in percent (2 decimals), for the wheel's segments. */
export function probabilities<T extends Weighted>(items: T[]): (T & { probability: number })[] {
  const total = items.reduce((sum, i) => sum + i.weight, 0);
  return items.map((i) => ({ ...i, probability: total ? Math.round((i.weight / total) * 10000) / 100 : 0 }));
}
