// An experiment as the API answers it (lib/validation/experiments.ts experimentAnswer).
import "server-only";
import { env } from "@/lib/env";
import type { Experiment, ExperimentArm } from "@/lib/generated/prisma/client";
import type { PrimaryMetric } from "@/lib/validation/experiments";

export type ExperimentWithArms = Experiment & { arms: ExperimentArm[] };

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The loader's tag for an experiment: data-experiment in place of data-wheel. */
export function experimentSnippet(companySlug: string, key: string): string {
  const base = env().APP_URL.replace(/\/$/, "");
  return `<script async src="${base}/embed.js" data-company="${escapeAttr(companySlug)}" data-experiment="${escapeAttr(key)}"></script>`;
}

export const armDto = (a: ExperimentArm) => ({ key: a.key, name: a.name, wheel_id: a.wheelId, weight: a.weight });

export function experimentDto(e: ExperimentWithArms, companySlug: string) {
  return {
    id: e.id,
    key: e.key,
    name: e.name,
    status: e.status as "draft" | "running" | "stopped",
    started_at: e.startedAt?.toISOString() ?? null,
    stopped_at: e.stoppedAt?.toISOString() ?? null,
    arms: [...e.arms].sort((a, b) => a.position - b.position).map(armDto),
    primary_metric: e.primaryMetric as PrimaryMetric,
    attribution_days: e.attributionDays,
    min_visitors_per_arm: e.minVisitorsPerArm,
    snippet: experimentSnippet(companySlug, e.key),
  };
}
