// Wheel and wheel-product inputs, shared by the forms and the API.
import { campaignFormFields, campaignInput, checkCampaign, prizeRuleFields, themeInput } from "./campaign";
import { optionalSearch, pageQuery, requiredName } from "./common";
import { CAMPAIGN_MESSAGES } from "@/lib/copy/campaign";
import { embedSettingsInput } from "./embed";
import { gameInput } from "./game";
import { remindersInput } from "./reminders";
import { kioskInput } from "./devices";
import { verifyContactInput } from "./whatsapp";
import { checkUniqueBy, visitorFormFields, visitorFormInput } from "./visitor-form";
import { z } from "./z";

import { WHEEL_MESSAGES } from "@/lib/copy/wheels";

const m = WHEEL_MESSAGES;

const fields = {
  name: requiredName(m.name),
  slug: z
    .string({ error: m.slug })
    .trim()
    .min(1, m.slug)
    .max(50, "Slug deve ter no máximo 50 caracteres")
    .regex(/^[a-z0-9-]+$/, m.slugFormat),
  status: z.enum(["draft", "active"], { error: "Status inválido" }),
};

export const oddsWeight = z
  .number({ error: m.oddsWeight })
  .int(m.oddsWeight)
  .min(1, m.oddsWeight)
  .max(1_000_000, "Peso muito alto");

/** A wheel's prizes with their odds and prize rules. */
const prizeList = z
  .array(
    // Without odds_weight the product's own weight counts.
    z.object({
      product_id: z.string().uuid("Produto inválido"),
      odds_weight: oddsWeight.optional(),
      ...prizeRuleFields,
    }),
    { error: "Lista de produtos inválida" },
  )
  .max(100, "No máximo 100 produtos por roleta");

// The campaign rules that tie fields together (a period, moments needing one) are checked by the
// service on the wheel as it will be saved: a partial update may change one field only.
// `products`, when sent, is the wheel's whole prize list, saved with the wheel in one transaction.
// One list for both: a create accepts every field an update does (issue 37: POST dropped coupon_url).
const settings = {
  ...campaignInput.shape,
  ...embedSettingsInput.shape,
  ...verifyContactInput.shape,
  ...visitorFormInput.shape,
  ...remindersInput.shape,
  ...kioskInput.shape,
  game: gameInput.optional(),
  products: prizeList.optional(),
};
export const wheelCreateInput = z.object({
  ...fields,
  status: fields.status.optional().default("draft"),
  ...settings,
  game: gameInput.optional().default("wheel"),
});
export const wheelUpdateInput = z.object(fields).partial().extend(settings);
/** A counter wheel pays out only through win_every: each prize's missing step, per field. */
export function counterStepErrors(mode: string, products: { win_every?: number | null }[] | undefined) {
  const errors: Record<string, string> = {};
  if (mode === "counter")
    (products ?? []).forEach((p, i) => {
      if (!p.win_every) errors[`products.${i}.win_every`] = CAMPAIGN_MESSAGES.winEveryRequired;
    });
  return errors;
}

export const wheelForm = z
  .object({
    ...fields,
    ...campaignFormFields,
    ...verifyContactInput.shape,
    ...visitorFormFields,
    ...remindersInput.shape,
    theme: themeInput.optional(),
    game: gameInput.optional(),
    products: prizeList.optional(),
  })
  .superRefine((v, ctx) => {
    checkCampaign(v, ctx);
    checkUniqueBy(v, ctx);
    for (const [path, message] of Object.entries(counterStepErrors(v.draw_mode, v.products)))
      ctx.addIssue({ code: "custom", path: path.split(".").map((k) => (/^\d+$/.test(k) ? Number(k) : k)), message });
  });

export const wheelListQuery = pageQuery.extend({ search: optionalSearch });

export const wheelProductsInput = z.object({ products: prizeList });

export type WheelCreateInput = z.infer<typeof wheelCreateInput>;
export type WheelUpdateInput = z.infer<typeof wheelUpdateInput>;
export type WheelFormValues = z.input<typeof wheelForm>;
export type WheelFormOutput = z.output<typeof wheelForm>;
export type WheelProductsInput = z.infer<typeof wheelProductsInput>;
