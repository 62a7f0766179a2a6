// Where the winning moments fall (the "vale-brinde" by date and time of Portaria SEAE/ME
// 7.638/2022): one per unit of stock, spread evenly over the period. The period is cut into as many
// equal slots as there are moments, each slot holds exactly one at a random instant inside it (so
// nobody can work the times out from the period), and the prizes are shuffled across the slots
// (so a prize is not bunched at one end). Pure: randomness comes from the caller.
import { randomInt as cryptoRandomInt } from "node:crypto";

/** At most this many moments per wheel: a period holds 10,000 prizes, a table stays small. */
export const MAX_MOMENTS = 10_000;

export interface PrizeUnits {
  productId: string;
  productName: string;
  units: number;
}

export interface PlannedMoment {
  productId: string;
  productName: string;
  at: Date;
}

const FRACTION = 1_000_000;

/** Units per prize, scaled down proportionally when they add up to more than MAX_MOMENTS. */
function cappedUnits(prizes: PrizeUnits[]): PrizeUnits[] {
  const total = prizes.reduce((sum, p) => sum + Math.max(0, p.units), 0);
  if (total <= MAX_MOMENTS) return prizes;
  return prizes.map((p) => ({ ...p, units: Math.floor((Math.max(0, p.units) * MAX_MOMENTS) / total) }));
}

export function planMoments(
  prizes: PrizeUnits[],
  from: Date,
  to: Date,
  randomInt: (max: number) => number = cryptoRandomInt,
): PlannedMoment[] {
  const deck = cappedUnits(prizes).flatMap((p) => Array.from({ length: Math.max(0, p.units) }, () => p));
  const span = to.getTime() - from.getTime();
  if (!deck.length || span <= 0) return [];
  // Fisher-Yates: every order of the prizes equally likely.
  for (let i = deck.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  const slot = span / deck.length;
  // The offset is computed on its own (small numbers keep their precision) and kept inside the
  // period: added to an epoch in the trillions, a fraction just under the end rounds up to it.
  const offset = (i: number) => Math.min(span - 1, Math.floor((i + randomInt(FRACTION) / FRACTION) * slot));
  return deck.map((p, i) => ({
    productId: p.productId,
    productName: p.productName,
    at: new Date(from.getTime() + offset(i)),
  }));
}
