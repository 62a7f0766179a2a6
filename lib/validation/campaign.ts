// Campaign rules of a wheel (docs/api.md "Campaigns"): the fields' pt-BR messages and
// ranges, the API schema (ISO instants), the admin form's schema (São Paulo wall-clock times, as
// datetime-local inputs give them) and the rules that tie fields together, checked by both.
import { fromSpWallClock } from "@/lib/dates/sao-paulo-day";
import { imageUrl } from "./products";
import { z } from "./z";
import { CAMPAIGN_MESSAGES } from "@/lib/copy/campaign";

export const DRAW_MODES = ["random", "moments", "counter"] as const;
export type DrawMode = (typeof DRAW_MODES)[number];
export const THEME_PRESETS = ["padrao", "natal", "sao-joao", "black-friday", "maes", "pais"] as const;
export const DEFAULT_NO_PRIZE_LABEL = "Não foi dessa vez";
export const MAX_WEIGHT = 1_000_000;
export const MAX_DAYS = 365;
export const MAX_RULES_TEXT = 10_000;

const m = CAMPAIGN_MESSAGES;

const intIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** Optional text: trimmed, and empty means none. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .transform((s) => s || null)
    .nullable();

const instant = z.iso.datetime({ offset: true, error: m.date }).transform((s) => new Date(s));

export const themeInput = z.object({
  primary_color: z
    .string({ error: m.color })
    .regex(/^#[0-9a-fA-F]{6}$/, m.color)
    .transform((s) => s.toLowerCase())
    .nullable()
    .optional(),
  preset: z.enum(THEME_PRESETS, { error: m.preset }).nullable().optional(),
  logo_url: imageUrl(m.logoUrl).nullable().optional(),
});

/** The fields other than the period, the same in the API and the form. */
const ruleFields = {
  draw_mode: z.enum(DRAW_MODES, { error: m.drawMode }),
  no_prize_weight: intIn(0, MAX_WEIGHT, m.noPrizeWeight),
  no_prize_label: z.string({ error: m.noPrizeLabel }).trim().min(1, m.noPrizeLabel).max(60, m.noPrizeLabel),
  replay_after_days: intIn(1, MAX_DAYS, m.replayAfterDays).nullable(),
  redeem_within_days: intIn(1, MAX_DAYS, m.redeemWithinDays).nullable(),
  authorization_number: optionalText(100, m.authorizationNumber),
  rules_text: optionalText(MAX_RULES_TEXT, m.rulesText),
};

/** What the API accepts; every field optional (defaults on create, unchanged on update). */
export const campaignInput = z
  .object({ starts_at: instant.nullable(), ends_at: instant.nullable(), ...ruleFields, theme: themeInput })
  .partial();

export type CampaignInput = z.infer<typeof campaignInput>;

/** A form's number input: empty means none. */
const optionalDays = (message: string) =>
  z
    .string()
    .trim()
    .transform((s) => (s === "" ? null : Number(s)))
    .pipe(intIn(1, MAX_DAYS, message).nullable());

/** A datetime-local input read as São Paulo time; empty means none. */
const wallClock = z
  .string()
  .trim()
  .refine((s) => s === "" || fromSpWallClock(s) !== null, m.wallClock)
  .transform((s) => (s === "" ? null : fromSpWallClock(s)));

/** The admin form's campaign fields (strings as inputs hold them), checked like the API's. */
export const campaignFormFields = {
  starts_at: wallClock,
  ends_at: wallClock,
  ...ruleFields,
  replay_after_days: optionalDays(m.replayAfterDays),
  redeem_within_days: optionalDays(m.redeemWithinDays),
};

export interface CampaignRules {
  starts_at: Date | null;
  ends_at: Date | null;
  draw_mode: DrawMode;
}

/** The rules that tie fields together, per field; empty when the combination is valid. */
export function campaignErrors(c: CampaignRules): Record<string, string> {
  const errors: Record<string, string> = {};
  if (c.starts_at && c.ends_at && c.ends_at <= c.starts_at) errors.ends_at = m.periodReversed;
  if (c.draw_mode === "moments") {
    if (!c.starts_at) errors.starts_at = m.momentsNeedPeriod;
    if (!c.ends_at) errors.ends_at ??= m.momentsNeedPeriod;
  }
  return errors;
}

/** campaignErrors as zod issues, for schemas that hold the three fields. */
export function checkCampaign(c: CampaignRules, ctx: z.RefinementCtx) {
  for (const [path, message] of Object.entries(campaignErrors(c)))
    ctx.addIssue({ code: "custom", path: [path], message });
}

/** The prize fields of a wheel's product (docs/api.md): daily cap (random mode) and counter step. */
export const prizeRuleFields = {
  daily_limit: intIn(1, MAX_WEIGHT, m.dailyLimit).nullable().optional(),
  win_every: intIn(1, MAX_WEIGHT, m.winEvery).nullable().optional(),
};

/** GET /wheels/{id}/moments: JSON, or ?format=csv for the download. */
export const momentsQuery = z.object({
  format: z.enum(["csv"], { error: "Formato inválido: use csv" }).optional(),
});
