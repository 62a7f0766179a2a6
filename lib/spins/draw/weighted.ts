// The draw: a pure weighted choice, fed with cryptographic randomness by the caller.
import { randomInt as cryptoRandomInt } from "node:crypto";
import { NO_PRIZE } from "./no-prize";

export interface Weighted {
  id: string;
  weight: number;
}

/** Picks one item with probability weight / total. `randomInt(max)` returns 0..max-1. */
export function drawPrize<T extends Weighted>(
  items: T[],
  randomInt: (max: number) => number = cryptoRandomInt,
): T | null {
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

export interface DailyCapped {
  dailyLimit: number | null;
  dailyWins: number;
  /** The São Paulo day dailyWins counts (YYYY-MM-DD). */
  dailyWinsDay: string | null;
}

/** A prize that reached its daily limit today stays out of the draw until the next São Paulo day. */
export const cappedToday = (p: DailyCapped, today: string) =>
  p.dailyLimit !== null && p.dailyWinsDay === today && p.dailyWins >= p.dailyLimit;

/** Random mode's items: the prizes under their daily limit, plus the no-prize segment when it weighs. */
export function randomItems(prizes: (Weighted & DailyCapped)[], noPrizeWeight: number, today: string): Weighted[] {
  const items: Weighted[] = prizes.filter((p) => !cappedToday(p, today)).map(({ id, weight }) => ({ id, weight }));
  if (noPrizeWeight > 0) items.push({ id: NO_PRIZE, weight: noPrizeWeight });
  return items;
}
