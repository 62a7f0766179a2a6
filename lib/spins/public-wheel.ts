// What a visitor may see of a wheel: only active wheels, only available prizes (active, in
// stock), their probabilities but never stock numbers, and nothing of other companies.
import { effectivePlanId, FREE_PLAN_ID, type SubscriptionLike } from "@/lib/billing/effective-plan";
import type { CampaignColumns } from "@/lib/campaigns/dto";
import { hotQuery } from "@/lib/db/driver-query";
import { prepared } from "@/lib/db/prepared";
import { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/errors";
import { PUBLIC_MESSAGES } from "@/lib/validation/public";
import { isUuid } from "@/lib/validation/uuid";
import type { VisitorFormConfig } from "@/lib/validation/public-rules";
import { formConfigOf, uniqueKeysOf } from "@/lib/wheels/form-settings";
import { gameOf, type Game } from "@/lib/games/names";
import type { StoreLink } from "@/lib/stores/coupon-link";

export interface Prize {
  id: string;
  name: string;
  image_url: string | null;
  weight: number;
  /** Random mode's daily cap, and the wins already counted on dailyWinsDay (a São Paulo day). */
  dailyLimit: number | null;
  dailyWins: number;
  dailyWinsDay: string | null;
  /** Counter mode: wins on the wheel's spins numbered by a multiple of this. */
  winEvery: number | null;
  /** Where its codes come from: pool and store products hand out their own (lib/spins/draw/product-codes.ts). */
  codeSource: "generated" | "pool" | "store";
  /** A store product's store (platform and address): its "Usar meu cupom" link (lib/stores/coupon-link.ts). */
  store?: StoreLink | null;
}

export type PublicWheelRow = CampaignColumns & {
  id: string;
  name: string;
  slug: string;
  spinCount: number;
  createdAt: Date;
  /** The shop's coupon link template (the won answer's coupon_url). */
  couponUrl: string | null;
  /** verify_contact = whatsapp with the company's WhatsApp connected (docs/api.md "WhatsApp (issue 27)"). */
  verifyContact: boolean;
  /** The visitor's form (docs/api.md "The visitor's form (issue 28)") and its one-play keys. */
  form: VisitorFormConfig;
  uniqueBy: { cpf: boolean; email: boolean };
  /** Numbers of other countries may play (lib/spins/contact-keys.ts); else Brazilian ones only. */
  foreignNumbers: boolean;
  /** How the draw is revealed (docs/api.md "Games on the same draw"). */
  game: Game;
};

export interface PublicWheel {
  /** phone: the shop's contact (digits or null), for the visitor's "Falar com a loja". */
  company: { id: string; name: string; slug: string; phone: string | null };
  wheel: PublicWheelRow;
  /** The company's monthly spin limit under its effective plan; -1 means unlimited. */
  maxSpinsMonth: number;
  /** Active products in stock on this wheel, in the order they were added to it. */
  prizes: Prize[];
}

/**
 * One row: the wheel, its company and plan, and its available prizes as a JSON array (one row per
 * prize repeated ~45 wheel columns, whose parsing showed in the spin's profile).
 */
interface Row extends CampaignColumns {
  wheelId: string;
  couponUrl: string | null;
  verifyContact: boolean;
  formEmail: string;
  formCpf: string;
  formQuestions: unknown;
  uniqueBy: string[] | null;
  foreignNumbers: boolean;
  game: string;
  wheelName: string;
  wheelSlug: string;
  spinCount: number;
  createdAt: Date;
  companyId: string;
  companyName: string;
  companySlug: string;
  companyPhone: string | null;
  planId: string | null;
  status: SubscriptionLike["status"] | null;
  subscriptionEndsAt: Date | null;
  planMaxSpins: number | null;
  freeMaxSpins: number | null;
  /** The prize pool as one JSON array, in the order the prizes were added to the wheel. */
  prizes: (Omit<Prize, "dailyWins"> & { dailyWins: number | null })[];
}

/**
 * The active wheel addressed by slug or id under a company slug, with its prize pool and the
 * company's monthly spin limit, in one round trip: a spin starts here, and every round trip
 * through the database costs the spin route throughput.
 */
export async function loadPublicWheel(companySlug: string, wheelRef: string, now = new Date()): Promise<PublicWheel> {
  // The effective plan is either the subscription's plan or Free; effectivePlanId picks which
  // (the one home of that rule), so the query returns the monthly limit of both.
  const byId = isUuid(wheelRef) ? Prisma.sql`OR w.id = ${wheelRef}` : Prisma.empty;
  const rows = await hotQuery<Row>(
    prepared(Prisma.sql`
    WITH target AS (
      SELECT w.id AS "wheelId", w.name AS "wheelName", w.slug AS "wheelSlug", w."spinCount", w."createdAt",
             w."startsAt", w."endsAt", w."drawMode"::text AS "drawMode", w."noPrizeWeight", w."noPrizeLabel",
             w."replayAfterDays", w."redeemWithinDays", w."authorizationNumber", w."rulesText",
             w."themeColor", w."themePreset", w."themeLogoUrl",
             w."couponUrl", w.game,
             (w."verifyContact" = 'whatsapp' AND EXISTS (SELECT 1 FROM "WhatsappAccount" wa
               WHERE wa."companyId" = c.id AND wa.enabled)) AS "verifyContact",
             w."formEmail", w."formCpf", w."formQuestions", w."uniqueBy", w."foreignNumbers",
             c.id AS "companyId", c.name AS "companyName", c.slug AS "companySlug", c.phone AS "companyPhone",
             s."planId", s.status::text AS status, s."endsAt" AS "subscriptionEndsAt",
             sp."maxSpinsMonth" AS "planMaxSpins", fp."maxSpinsMonth" AS "freeMaxSpins"
      FROM "Company" c
      JOIN "Wheel" w ON w."companyId" = c.id AND w.status = 'active' AND (w.slug = ${wheelRef} ${byId})
      LEFT JOIN "Subscription" s ON s."companyId" = c.id
      LEFT JOIN "Plan" sp ON sp.id = s."planId"
      LEFT JOIN "Plan" fp ON fp.id = ${FREE_PLAN_ID}
      WHERE c.slug = ${companySlug}
      LIMIT 1
    )
    SELECT target.*, (
      SELECT coalesce(json_agg(json_build_object(
               'id', p.id, 'name', p.name, 'image_url', p."imageUrl", 'weight', wp."oddsWeight",
               'dailyLimit', wp."dailyLimit", 'dailyWins', wp."dailyWins", 'dailyWinsDay', wp."dailyWinsDay",
               'winEvery', wp."winEvery", 'codeSource', p."codeSource",
               'store', (SELECT json_build_object('platform', st.platform, 'url', st."storeUrl") FROM "Store" st
                         WHERE st.id = p."storeId" AND p."codeSource" = 'store')
             ) ORDER BY wp."createdAt" ASC), '[]'::json)
      FROM "WheelProduct" wp
      JOIN "Product" p ON p.id = wp."productId"
      WHERE wp."wheelId" = target."wheelId" AND wp."companyId" = target."companyId"
        AND p."isActive" = true AND p.stock > 0
    ) AS prizes
    FROM target`),
  );

  const [first] = rows;
  if (!first) throw notFound(PUBLIC_MESSAGES.notFound);
  const sub =
    first.planId && first.status
      ? { planId: first.planId, status: first.status, endsAt: first.subscriptionEndsAt }
      : null;
  const maxSpinsMonth = effectivePlanId(sub, now) === sub?.planId ? first.planMaxSpins : first.freeMaxSpins;
  if (maxSpinsMonth === null) throw new Error("The company's plan is missing from the Plan table");
  return {
    company: { id: first.companyId, name: first.companyName, slug: first.companySlug, phone: first.companyPhone },
    wheel: {
      id: first.wheelId,
      name: first.wheelName,
      slug: first.wheelSlug,
      spinCount: first.spinCount,
      createdAt: first.createdAt,
      startsAt: first.startsAt,
      endsAt: first.endsAt,
      drawMode: first.drawMode,
      noPrizeWeight: first.noPrizeWeight,
      noPrizeLabel: first.noPrizeLabel,
      replayAfterDays: first.replayAfterDays,
      redeemWithinDays: first.redeemWithinDays,
      authorizationNumber: first.authorizationNumber,
      rulesText: first.rulesText,
      themeColor: first.themeColor,
      themePreset: first.themePreset,
      themeLogoUrl: first.themeLogoUrl,
      couponUrl: first.couponUrl,
      verifyContact: first.verifyContact,
      form: formConfigOf({ ...first, formQuestions: first.formQuestions as never, uniqueBy: [] }),
      uniqueBy: uniqueKeysOf({ uniqueBy: first.uniqueBy ?? [] }),
      foreignNumbers: first.foreignNumbers,
      game: gameOf(first.game),
    },
    maxSpinsMonth,
    prizes: first.prizes.map((p) => ({ ...p, dailyWins: p.dailyWins ?? 0, codeSource: p.codeSource ?? "generated" })),
  };
}
