// The statistics of an experiment's results (docs/decisions/experiments.md "The statistics"): the
// probability that each arm is the best, the uplift against the holdout with its 95% interval, and
// the sample-ratio check. Distributions from jStat (docs/decisions/libraries.md); what is ours is
// the integration, pure and deterministic (no random draws, so a result never flickers).
// jstat is CommonJS: its default export is the jStat object (a named import fails under Node's ESM
// loader, which the scripts use, though bundlers accept it).
import jStat from "jstat";

/** A posterior (or a sampling distribution) of one arm's figure. */
export interface Posterior {
  mean: number;
  sd: number;
  pdf(x: number): number;
  cdf(x: number): number;
}

/** Beta(1 + x, 1 + n − x): a 0/1 rate per visitor after x successes among n, from a flat prior. */
export function betaPosterior(x: number, n: number): Posterior {
  const a = 1 + x;
  const b = 1 + Math.max(0, n - x);
  const mean = a / (a + b);
  const sd = Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
  return { mean, sd, pdf: (t) => jStat.beta.pdf(t, a, b), cdf: (t) => jStat.beta.cdf(t, a, b) };
}

// A spread of exactly zero (no visitor, or every visitor spent the same) becomes a tiny one, so the
// integral below still sees a point mass and ties split evenly.
const MIN_SD = 1e-9;

/** The arm's mean per visitor, normal with its own standard error (sum and sum of squares over n). */
export function normalPosterior(sum: number, sumSquares: number, n: number): Posterior {
  const mean = n > 0 ? sum / n : 0;
  const variance = n > 1 ? Math.max(0, (sumSquares - n * mean * mean) / (n - 1)) : 0;
  const sd = Math.max(n > 0 ? Math.sqrt(variance / n) : 0, MIN_SD * Math.max(1, Math.abs(mean)));
  return { mean, sd, pdf: (t) => jStat.normal.pdf(t, mean, sd), cdf: (t) => jStat.normal.cdf(t, mean, sd) };
}

const STEPS = 2000; // Simpson's rule over ±8 sd of each arm: far finer than ±0.02 needs.

/**
 * P(arm i is the best) = ∫ f_i(t) Π_{j≠i} F_j(t) dt for each arm, integrated over arm i's own
 * ±8 sd (where its density lives), then normalised so the figures sum to 1.
 */
export function probabilityBest(arms: readonly Posterior[]): number[] {
  if (arms.length === 0) return [];
  if (arms.length === 1) return [1];
  const raw = arms.map((arm, i) => {
    const lo = arm.mean - 8 * arm.sd;
    const h = (16 * arm.sd) / STEPS;
    let total = 0;
    for (let k = 0; k <= STEPS; k++) {
      const t = lo + k * h;
      let g = arm.pdf(t);
      if (g === 0 || !Number.isFinite(g)) continue;
      for (let j = 0; j < arms.length; j++) if (j !== i) g *= arms[j].cdf(t);
      total += (k === 0 || k === STEPS ? 1 : k % 2 ? 4 : 2) * g;
    }
    return (total * h) / 3;
  });
  const sum = raw.reduce((s, p) => s + p, 0);
  return sum > 0 ? raw.map((p) => p / sum) : arms.map(() => 1 / arms.length);
}

/** The arm against the holdout: the difference of means, its 95% interval and P(arm > holdout). */
export function versus(arm: Posterior, holdout: Posterior) {
  const uplift = arm.mean - holdout.mean;
  const se = Math.sqrt(arm.sd ** 2 + holdout.sd ** 2);
  const z = jStat.normal.inv(0.975, 0, 1);
  return {
    uplift,
    interval95: [uplift - z * se, uplift + z * se] as [number, number],
    p_better: probabilityBest([arm, holdout])[0],
  };
}

/**
 * Sample ratio mismatch: Pearson's chi-square of the visitors against the weights (k − 1 degrees
 * of freedom). A tiny p means the split is broken (a cache, a bot, a loader that failed in one arm),
 * and the results should not be trusted.
 */
export function srmPValue(visitors: readonly number[], weights: readonly number[]): number {
  const n = visitors.reduce((s, v) => s + v, 0);
  const totalWeight = weights.reduce((s, w) => s + w, 0);
  if (n === 0 || visitors.length < 2) return 1;
  let chi = 0;
  visitors.forEach((o, i) => {
    const e = (n * weights[i]) / totalWeight;
    chi += (o - e) ** 2 / e;
  });
  return 1 - jStat.chisquare.cdf(chi, visitors.length - 1);
}

/** How many more visitors (all arms together, split by the weights) until every arm has `min`. */
export function neededVisitors(visitors: readonly number[], weights: readonly number[], min: number): number {
  const totalWeight = weights.reduce((s, w) => s + w, 0);
  const more = visitors.map((v, i) => (Math.max(0, min - v) * totalWeight) / weights[i]);
  return Math.ceil(Math.max(0, ...more));
}
