// A wheel's embed settings as columns and as the API shows them (docs/api.md "The online store: the
// embed (issue 25)"). Left out of a write, a setting keeps its value.
import type { Wheel } from "@/lib/generated/prisma/client";
import type { EmbedSettingsInput } from "@/lib/validation/embed";

export function embedColumns(input: EmbedSettingsInput): Partial<Pick<Wheel, "embedOrigins" | "couponUrl">> {
  return {
    ...(input.embed_origins !== undefined && { embedOrigins: input.embed_origins }),
    ...(input.coupon_url !== undefined && { couponUrl: input.coupon_url }),
  };
}

export function embedDto(w: Pick<Wheel, "embedOrigins" | "couponUrl">) {
  return { embed_origins: w.embedOrigins ?? [], coupon_url: w.couponUrl };
}
