// A wheel's campaign rules as the API shows them (docs/api.md "Campaigns"), for the
// admin's wheel and the public answers alike.
import type { Wheel } from "@/lib/generated/prisma/client";

/** The brand's look, for wheels that chose none (brand-600 of app/globals.css). */
export const DEFAULT_THEME = { primary_color: "#7c3aed", preset: "padrao", logo_url: null } as const;

export type CampaignColumns = Pick<
  Wheel,
  | "startsAt"
  | "endsAt"
  | "drawMode"
  | "noPrizeWeight"
  | "noPrizeLabel"
  | "replayAfterDays"
  | "redeemWithinDays"
  | "authorizationNumber"
  | "rulesText"
  | "themeColor"
  | "themePreset"
  | "themeLogoUrl"
>;

export function themeDto(w: Pick<CampaignColumns, "themeColor" | "themePreset" | "themeLogoUrl">) {
  return {
    primary_color: w.themeColor ?? DEFAULT_THEME.primary_color,
    preset: w.themePreset ?? DEFAULT_THEME.preset,
    logo_url: w.themeLogoUrl ?? DEFAULT_THEME.logo_url,
  };
}

export function campaignDto(w: CampaignColumns) {
  return {
    starts_at: w.startsAt ? w.startsAt.toISOString() : null,
    ends_at: w.endsAt ? w.endsAt.toISOString() : null,
    draw_mode: w.drawMode,
    no_prize_weight: w.noPrizeWeight,
    no_prize_label: w.noPrizeLabel,
    replay_after_days: w.replayAfterDays,
    redeem_within_days: w.redeemWithinDays,
    authorization_number: w.authorizationNumber,
    rules_text: w.rulesText,
    theme: themeDto(w),
  };
}

export type CampaignDto = ReturnType<typeof campaignDto>;
