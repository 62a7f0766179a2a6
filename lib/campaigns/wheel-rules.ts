// Campaign fields on their way into the database: API names to columns, and the rules that need
// the wheel as it will be saved (a partial update may change one field of a pair) or its prizes.
import type { TenantDb } from "@/lib/db/tenant";
import type { Wheel } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { campaignErrors, type CampaignInput } from "@/lib/validation/campaign";
import { CAMPAIGN_MESSAGES } from "@/lib/copy/campaign";

/** Columns to write; a field absent from the input stays absent (left as it is). */
export function campaignColumns(c: CampaignInput) {
  return {
    startsAt: c.starts_at,
    endsAt: c.ends_at,
    drawMode: c.draw_mode,
    noPrizeWeight: c.no_prize_weight,
    noPrizeLabel: c.no_prize_label,
    replayAfterDays: c.replay_after_days,
    redeemWithinDays: c.redeem_within_days,
    authorizationNumber: c.authorization_number,
    rulesText: c.rules_text,
    themeColor: c.theme?.primary_color,
    themePreset: c.theme?.preset,
    themeLogoUrl: c.theme?.logo_url,
  };
}

type Columns = ReturnType<typeof campaignColumns>;
type Saved = Pick<Wheel, "startsAt" | "endsAt" | "drawMode">;

const pick = <T>(next: T | undefined, current: T) => (next === undefined ? current : next);

/**
 * 400 with per-field messages when the wheel as it will be saved breaks a campaign rule: a period
 * ending before it starts, moments without a period, a counter wheel with a prize that has no
 * win_every.
 */
export async function assertCampaign(t: TenantDb, wheelId: string | null, next: Columns, current: Saved | null) {
  const rules = {
    starts_at: pick(next.startsAt, current?.startsAt ?? null),
    ends_at: pick(next.endsAt, current?.endsAt ?? null),
    draw_mode: pick(next.drawMode, current?.drawMode ?? "random"),
  };
  const errors = campaignErrors(rules);
  if (rules.draw_mode === "counter" && wheelId && (await t.wheelProduct.count({ where: { wheelId, winEvery: null } })))
    errors.draw_mode = CAMPAIGN_MESSAGES.counterNeedsWinEvery;
  const [first] = Object.values(errors);
  if (first) throw new AppError("VALIDATION", first, { fields: errors });
}

/** Whether a save touched what a wheel's moments depend on (its mode, period or status). */
export function momentsAffected(before: Saved & Pick<Wheel, "status">, after: Saved & Pick<Wheel, "status">) {
  if (before.drawMode !== "moments" && after.drawMode !== "moments") return false;
  return (
    before.drawMode !== after.drawMode ||
    before.status !== after.status ||
    before.startsAt?.getTime() !== after.startsAt?.getTime() ||
    before.endsAt?.getTime() !== after.endsAt?.getTime()
  );
}
