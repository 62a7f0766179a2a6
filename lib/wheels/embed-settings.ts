// A wheel's embed settings as columns and as the API shows them (docs/api.md "The online store: the
// embed (issue 25)"). Left out of a write, a setting keeps its value.
import type { Prisma, Wheel } from "@/lib/generated/prisma/client";
import type { EmbedSettingsInput } from "@/lib/validation/embed";

export function embedColumns(input: EmbedSettingsInput): Partial<Pick<Wheel, "embedOrigins" | "couponUrl">> {
  return {
    ...(input.embed_origins !== undefined && { embedOrigins: input.embed_origins }),
    ...(input.coupon_url !== undefined && { couponUrl: input.coupon_url }),
  };
}

export interface RefusedOrigin {
  origin: string;
  /** ISO time of the latest refusal seen. */
  at: string;
}

/**
 * The refused sites (lib/embed/refused-origins.ts) the shop should still see: well-formed entries
 * that its list does not allow yet (an empty list allows every site, so none).
 */
export function refusedOrigins(stored: Prisma.JsonValue, allowed: string[]): RefusedOrigin[] {
  if (!allowed.length || !Array.isArray(stored)) return [];
  return stored.flatMap((e) => {
    const { origin, at } = (e ?? {}) as Partial<RefusedOrigin>;
    return typeof origin === "string" && typeof at === "string" && !allowed.includes(origin) ? [{ origin, at }] : [];
  });
}

export function embedDto(w: Pick<Wheel, "embedOrigins" | "couponUrl" | "embedRefusedOrigins">) {
  const origins = w.embedOrigins ?? [];
  return {
    embed_origins: origins,
    coupon_url: w.couponUrl,
    embed_refused_origins: refusedOrigins(w.embedRefusedOrigins, origins),
  };
}
