// Experiments of the caller's company (docs/api.md "Experiments"): list, create, read, edit, delete,
// start and stop. Pro only, like units (402 PLAN_LIMIT on Free). Arms and weights are frozen while
// the experiment runs (409 EXPERIMENT_RUNNING): changing them would move visitors between arms.
import "server-only";
import { audit } from "@/lib/audit/log";
import type { SessionCtx } from "@/lib/auth/session";
import { PRO_PLAN_ID } from "@/lib/billing/effective-plan";
import { planLimits } from "@/lib/billing/plan-limits";
import { EXPERIMENT_MESSAGES as M } from "@/lib/copy/experiments";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { tenantDb, tenantTx, type TenantScope } from "@/lib/db/tenant";
import { AppError, conflict, notFound } from "@/lib/errors";
import type { ExperimentInput } from "@/lib/validation/experiments";
import { experimentDto, type ExperimentWithArms } from "./dto";

const withArms = { arms: { orderBy: { position: "asc" as const } } };

async function assertPro(companyId: string) {
  const limits = await planLimits(companyId);
  if (limits.planId !== PRO_PLAN_ID) throw new AppError("PLAN_LIMIT", M.proOnly, { feature: "experiments" });
}

async function companySlug(companyId: string) {
  const company = await (await db()).company.findUniqueOrThrow({ where: { id: companyId }, select: { slug: true } });
  return company.slug;
}

const answer = async (scope: TenantScope, e: ExperimentWithArms) => ({
  experiment: experimentDto(e, await companySlug(scope.companyId)),
});

const keyTaken = (err: unknown) => {
  throw isUniqueViolation(err) ? conflict(M.keyTaken) : err;
};

/** Every wheel_id must be a wheel of the company: another company's is as unknown as a made-up one (404). */
async function assertCompanyWheels(scope: TenantScope, input: ExperimentInput) {
  const ids = [...new Set(input.arms.flatMap((a) => (a.wheel_id ? [a.wheel_id] : [])))];
  if (!ids.length) return;
  const found = await (await tenantDb(scope)).wheel.count({ where: { id: { in: ids } } });
  if (found !== ids.length) throw notFound(M.wheelNotFound);
}

const armRows = (companyId: string, input: ExperimentInput) =>
  input.arms.map((a, position) => ({
    companyId,
    position,
    key: a.key,
    name: a.name,
    wheelId: a.wheel_id,
    weight: a.weight,
  }));

export async function listExperiments(ctx: SessionCtx) {
  await assertPro(ctx.companyId);
  const rows = await (
    await tenantDb(ctx)
  ).experiment.findMany({
    include: withArms,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  const slug = await companySlug(ctx.companyId);
  return { experiments: rows.map((e) => experimentDto(e, slug)) };
}

export async function getExperimentOrThrow(scope: TenantScope, id: string): Promise<ExperimentWithArms> {
  const row = await (await tenantDb(scope)).experiment.findFirst({ where: { id }, include: withArms });
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function getExperiment(ctx: SessionCtx, id: string) {
  await assertPro(ctx.companyId);
  return answer(ctx, await getExperimentOrThrow(ctx, id));
}

/** The columns a draft's edit sets, as its creation does: everything but the status. */
const editableFields = (companyId: string, input: ExperimentInput) => ({
  key: input.key,
  name: input.name,
  primaryMetric: input.primary_metric,
  attributionDays: input.attribution_days,
  minVisitorsPerArm: input.min_visitors_per_arm,
  arms: { create: armRows(companyId, input) },
});

export async function createExperiment(ctx: SessionCtx, input: ExperimentInput) {
  await assertPro(ctx.companyId);
  await assertCompanyWheels(ctx, input);
  const row = await tenantTx(ctx, (tx) =>
    tx.experiment.create({
      data: {
        companyId: ctx.companyId,
        ...editableFields(ctx.companyId, input),
      },
      include: withArms,
    }),
  ).catch(keyTaken);
  await audit({
    action: "experiment.created",
    companyId: ctx.companyId,
    userId: ctx.userId,
    detail: { experiment: row.id },
  });
  return answer(ctx, row);
}

const sameArms = (e: ExperimentWithArms, input: ExperimentInput) =>
  e.arms.length === input.arms.length &&
  e.arms.every((a, i) => {
    const b = input.arms[i];
    return a.key === b.key && a.name === b.name && a.wheelId === b.wheel_id && a.weight === b.weight;
  });

/**
 * Edits an experiment. While it runs (or once stopped) only the name changes: a different key, arm,
 * wheel or weight answers 409 EXPERIMENT_RUNNING, since visitors already saw their arm.
 */
export async function updateExperiment(ctx: SessionCtx, id: string, input: ExperimentInput) {
  await assertPro(ctx.companyId);
  await assertCompanyWheels(ctx, input);
  const row = await tenantTx(ctx, async (tx) => {
    const current = await tx.experiment.findFirst({ where: { id }, include: withArms });
    if (!current) throw notFound(M.notFound);
    if (current.status !== "draft") {
      const frozenChanged =
        !sameArms(current, input) ||
        current.key !== input.key ||
        current.primaryMetric !== input.primary_metric ||
        current.attributionDays !== input.attribution_days ||
        current.minVisitorsPerArm !== input.min_visitors_per_arm;
      if (frozenChanged) throw new AppError("EXPERIMENT_RUNNING", M.running);
      return tx.experiment.update({ where: { id }, data: { name: input.name }, include: withArms });
    }
    await tx.experimentArm.deleteMany({ where: { experimentId: id } });
    return tx.experiment.update({
      where: { id },
      data: {
        ...editableFields(ctx.companyId, input),
      },
      include: withArms,
    });
  }).catch(keyTaken);
  return answer(ctx, row);
}

export async function deleteExperiment(ctx: SessionCtx, id: string) {
  await assertPro(ctx.companyId);
  const { count } = await (await tenantDb(ctx)).experiment.deleteMany({ where: { id } });
  if (!count) throw notFound(M.notFound);
  await audit({
    action: "experiment.deleted",
    companyId: ctx.companyId,
    userId: ctx.userId,
    detail: { experiment: id },
  });
  return { message: M.removed };
}

/** draft → running, or running → stopped; any other move is a 409 naming what is allowed. */
export async function moveExperiment(ctx: SessionCtx, id: string, to: "running" | "stopped") {
  await assertPro(ctx.companyId);
  const from = to === "running" ? "draft" : "running";
  const t = await tenantDb(ctx);
  const now = new Date();
  const { count } = await t.experiment.updateMany({
    where: { id, status: from },
    data: to === "running" ? { status: to, startedAt: now } : { status: to, stoppedAt: now },
  });
  if (!count) {
    await getExperimentOrThrow(ctx, id);
    throw conflict(to === "running" ? M.notDraft : M.notRunning);
  }
  await audit({
    action: `experiment.${to === "running" ? "started" : "stopped"}`,
    companyId: ctx.companyId,
    userId: ctx.userId,
    detail: { experiment: id },
  });
  return answer(ctx, await getExperimentOrThrow(ctx, id));
}
