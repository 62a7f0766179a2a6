// The visitor's side of an experiment (docs/api.md "Experiments"): the arm of a visitor, the
// exposure counted once, and the arm a spin records. Outside the tenant doors: the company is found
// from the slug (or the spin's wheel) and every statement names it.
import "server-only";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { EXPERIMENT_MESSAGES as M } from "@/lib/copy/experiments";
import { assignArm } from "./assignment";

export interface RunningArm {
  key: string;
  weight: number;
  wheelSlug: string | null;
}

export interface RunningExperiment {
  id: string;
  companyId: string;
  key: string;
  arms: RunningArm[];
}

/** A running experiment with its arms in order (one statement), or null. */
async function readRunning(where: Prisma.Sql): Promise<RunningExperiment | null> {
  const rows = await (
    await db()
  ).$queryRaw<RunningExperiment[]>`
    SELECT e.id, e."companyId", e.key,
           json_agg(json_build_object('key', a.key, 'weight', a.weight, 'wheelSlug', w.slug) ORDER BY a.position) AS arms
    FROM "Experiment" e
    JOIN "ExperimentArm" a ON a."experimentId" = e.id
    LEFT JOIN "Wheel" w ON w.id = a."wheelId" AND w."companyId" = e."companyId"
    WHERE e.status = 'running' AND ${where}
    GROUP BY e.id`;
  return rows[0] ?? null;
}

/** The running experiment of a company (by its slug) and key; a draft, stopped or unknown one: 404. */
export async function runningBySlug(companySlug: string, key: string): Promise<RunningExperiment> {
  const found = await readRunning(
    Prisma.sql`e.key = ${key} AND e."companyId" = (SELECT id FROM "Company" WHERE slug = ${companySlug})`,
  );
  if (!found) throw notFound(M.notFound);
  return found;
}

/** `{ arm, wheel: { slug } | null }`: the holdout, or an arm whose wheel was deleted, shows no wheel. */
export async function assignment(companySlug: string, key: string, visitor: string) {
  const e = await runningBySlug(companySlug, key);
  const arm = assignArm(e.id, visitor, e.arms);
  return { arm: arm.key, wheel: arm.wheelSlug ? { slug: arm.wheelSlug } : null };
}

/** Counts the visitor's exposure once (the first one stays); the arm is the server's, never the body's. */
export async function recordExposure(companyId: string, experimentId: string, visitor: string, armKey: string) {
  await (
    await db()
  ).$executeRaw`
    INSERT INTO "ExperimentExposure" (id, "companyId", "experimentId", visitor, "armKey", at)
    VALUES (gen_random_uuid()::text, ${companyId}, ${experimentId}, ${visitor}, ${armKey}, now())
    ON CONFLICT ("experimentId", visitor) DO NOTHING`;
}

export async function expose(companySlug: string, key: string, visitor: string) {
  const e = await runningBySlug(companySlug, key);
  await recordExposure(e.companyId, e.id, visitor, assignArm(e.id, visitor, e.arms).key);
}

// The spin reads its experiment once per few seconds per instance: arms and weights are frozen
// while it runs, so only the status can be stale (a spin just after "stop" may still record its arm).
const CACHE_MS = 5_000;
const recent = new Map<string, { at: number; value: RunningExperiment | null }>();

async function runningForSpin(companyId: string, key: string): Promise<RunningExperiment | null> {
  const cacheKey = `${companyId}\u0000${key}`;
  const hit = recent.get(cacheKey);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = await readRunning(Prisma.sql`e.key = ${key} AND e."companyId" = ${companyId}`);
  if (recent.size > 1000) recent.clear();
  recent.set(cacheKey, { at: Date.now(), value });
  return value;
}

/** What a spin records of its experiment: none without both fields or a running experiment of that key. */
export interface SpinExperiment {
  experimentId: string;
  experimentKey: string;
  experimentArm: string;
  visitorId: string;
}

export async function spinExperiment(
  companyId: string,
  key: string | null | undefined,
  visitor: string | null | undefined,
): Promise<SpinExperiment | null> {
  if (!key || !visitor) return null;
  const e = await runningForSpin(companyId, key);
  if (!e) return null;
  const arm = assignArm(e.id, visitor, e.arms);
  return { experimentId: e.id, experimentKey: e.key, experimentArm: arm.key, visitorId: visitor };
}

/** Forgets the spins' reads (tests that start and stop experiments within seconds). */
export function forgetRunningExperiments() {
  recent.clear();
}
