// Experiments ("Testes", docs/api.md "Experiments (issue 52)"): the
// input of /experiments, the public visitor id, and the answer's shape (documents /api/openapi.json).
import { EXPERIMENT_MESSAGES as m } from "@/lib/copy/experiments";
import { z } from "./z";

export const PRIMARY_METRICS = [
  "revenue_per_visitor",
  "profit_per_visitor",
  "leads_per_visitor",
  "redemptions_per_visitor",
] as const;
export type PrimaryMetric = (typeof PRIMARY_METRICS)[number];

const armInput = z.object({
  key: z
    .string({ error: m.armKeyRequired })
    .trim()
    .min(1, m.armKeyRequired)
    .regex(/^[A-Za-z0-9_-]{1,30}$/, m.armKeyFormat),
  name: z.string({ error: m.armNameRequired }).trim().min(1, m.armNameRequired).max(60, m.armNameTooLong),
  wheel_id: z.uuid(m.wheelInvalid).nullable(),
  weight: z.number({ error: m.weight }).int(m.weight).min(1, m.weight).max(100, m.weight),
});

export const experimentInput = z.object({
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(80, m.nameTooLong),
  key: z
    .string({ error: m.keyRequired })
    .trim()
    .toLowerCase()
    .min(1, m.keyRequired)
    .max(50, m.keyTooLong)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, m.keyFormat),
  arms: z
    .array(armInput, { error: m.armsCount })
    .min(2, m.armsCount)
    .max(5, m.armsCount)
    .superRefine((arms, ctx) => {
      if (new Set(arms.map((a) => a.key)).size !== arms.length)
        ctx.addIssue({ code: "custom", message: m.armKeysDistinct });
      else if (arms.filter((a) => a.wheel_id === null).length > 1)
        ctx.addIssue({ code: "custom", message: m.oneHoldout });
      else if (arms.reduce((s, a) => s + a.weight, 0) !== 100) ctx.addIssue({ code: "custom", message: m.weightsSum });
    }),
  primary_metric: z.enum(PRIMARY_METRICS, { error: m.metric }),
  attribution_days: z
    .number({ error: m.attributionDays })
    .int(m.attributionDays)
    .min(1, m.attributionDays)
    .max(30, m.attributionDays)
    .default(7),
  min_visitors_per_arm: z
    .number({ error: m.minVisitors })
    .int(m.minVisitors)
    .min(10, m.minVisitors)
    .max(100_000, m.minVisitors)
    .default(500),
});
export type ExperimentInput = z.infer<typeof experimentInput>;

/** A shop's visitor id, kept in the shop's own localStorage by the loader. */
export const visitorId = z.string({ error: m.visitor }).regex(/^[A-Za-z0-9_-]{8,64}$/, m.visitor);
export const assignmentQuery = z.object({ visitor: visitorId });
export const exposureInput = z.object({ visitor: visitorId });

export const armAnswer = z.object({
  key: z.string(),
  name: z.string(),
  wheel_id: z.string().nullable(),
  weight: z.number().int(),
});

export const experimentAnswer = z
  .object({
    id: z.uuid(),
    key: z.string(),
    name: z.string(),
    status: z.enum(["draft", "running", "stopped"]),
    started_at: z.string().nullable(),
    stopped_at: z.string().nullable(),
    arms: z.array(armAnswer),
    primary_metric: z.enum(PRIMARY_METRICS),
    attribution_days: z.number().int(),
    min_visitors_per_arm: z.number().int(),
    snippet: z.string(),
  })
  .meta({ id: "Experiment" });

export const experimentResultsAnswer = z
  .object({
    status: z.enum(["draft", "running", "stopped"]),
    visitors_total: z.number().int(),
    srm: z.object({ p_value: z.number(), alarm: z.boolean() }),
    verdict: z.enum(["collecting", "no_difference", "winner"]),
    winner_arm: z.string().nullable(),
    needed_visitors: z.number().int().nullable(),
    arms: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        visitors: z.number().int(),
        plays: z.number().int(),
        leads: z.number().int(),
        wins: z.number().int(),
        redemptions: z.number().int(),
        orders: z.number().int(),
        revenue_cents: z.number().int(),
        discount_cents: z.number().int(),
        revenue_per_visitor_cents: z.number(),
        profit_per_visitor_cents: z.number(),
        leads_per_visitor: z.number(),
        redemptions_per_visitor: z.number(),
        p_best: z.number(),
        vs_holdout: z
          .object({ uplift: z.number(), interval95: z.tuple([z.number(), z.number()]), p_better: z.number() })
          .nullable(),
      }),
    ),
  })
  .meta({ id: "ExperimentResults" });

/** The confirmation page's beacon: the order id as the platform shows it (text: ids pass 2^53). */
export const conversionInput = z.object({
  visitor: visitorId,
  order_id: z
    .string({ error: "Pedido inválido" })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "Pedido inválido"),
  platform: z.enum(["woocommerce", "nuvemshop", "shopify"], { error: "Plataforma inválida" }),
});
export type ConversionInput = z.infer<typeof conversionInput>;
