// The wheel and wheel product as the API shows them (docs/api.md "Conventions").
import { campaignDto } from "@/lib/campaigns/dto";
import type { Product, Wheel, WheelProduct } from "@/lib/generated/prisma/client";
import { gameOf } from "@/lib/games/names";
import { productDto } from "@/lib/products/dto";
import { embedDto } from "./embed-settings";
import { formSettingsDto } from "./form-settings";
import { remindersDto } from "./reminder-settings";

export function wheelDto(w: Wheel) {
  return {
    id: w.id,
    name: w.name,
    slug: w.slug,
    status: w.status,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
    total_spins: w.spinCount,
    game: gameOf(w.game),
    ...campaignDto(w),
    ...embedDto(w),
    verify_contact: w.verifyContact as "none" | "whatsapp",
    ...formSettingsDto(w),
    ...remindersDto(w),
    // The totem's reset time, and whether a staff PIN guards leaving it (the PIN itself is write-only).
    kiosk_reset_seconds: w.kioskResetSeconds,
    kiosk_pin_set: !!w.kioskPinHash,
  };
}

export type WheelDto = ReturnType<typeof wheelDto>;

export function wheelProductDto(wp: WheelProduct & { product: Product }) {
  return {
    ...productDto(wp.product),
    odds_weight: wp.oddsWeight,
    daily_limit: wp.dailyLimit,
    win_every: wp.winEvery,
  };
}

export type WheelProductDto = ReturnType<typeof wheelProductDto>;
