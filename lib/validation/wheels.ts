// Wheel and wheel-product inputs (spec section 5), shared by the forms and the API.
import { campaignFormFields, campaignInput, checkCampaign, prizeRuleFields, themeInput } from "./campaign";
import { optionalSearch, pageQuery, requiredName } from "./common";
import { embedSettingsInput } from "./embed";
import { z } from "./z";

export const WHEEL_MESSAGES = {
  name: "Nome é obrigatório",
  slug: "Slug é obrigatório",
  slugFormat: "Slug deve conter apenas letras minúsculas, números e hífens",
  slugTaken: "Já existe uma roleta com este slug",
  oddsWeight: "O peso deve ser no mínimo 1",
  productUnavailable: "Apenas produtos ativos e com estoque podem ser adicionados à roleta",
} as const;

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

// The campaign rules that tie fields together (a period, moments needing one) are checked by the
// service on the wheel as it will be saved: a partial update may change one field only.
export const wheelCreateInput = z.object({
  ...fields,
  status: fields.status.optional().default("draft"),
  ...campaignInput.shape,
});
export const wheelUpdateInput = z
  .object(fields)
  .partial()
  .extend({ ...campaignInput.shape, ...embedSettingsInput.shape });
export const wheelForm = z
  .object({ ...fields, ...campaignFormFields, theme: themeInput.optional() })
  .superRefine(checkCampaign);

export const wheelListQuery = pageQuery.extend({ search: optionalSearch });

export const oddsWeight = z
  .number({ error: m.oddsWeight })
  .int(m.oddsWeight)
  .min(1, m.oddsWeight)
  .max(1_000_000, "Peso muito alto");

export const wheelProductsInput = z.object({
  products: z
    .array(
      // Without odds_weight the product's own weight counts (spec section 5).
      z.object({
        product_id: z.string().uuid("Produto inválido"),
        odds_weight: oddsWeight.optional(),
        ...prizeRuleFields,
      }),
      { error: "Lista de produtos inválida" },
    )
    .max(100, "No máximo 100 produtos por roleta"),
});

export type WheelCreateInput = z.infer<typeof wheelCreateInput>;
export type WheelUpdateInput = z.infer<typeof wheelUpdateInput>;
export type WheelFormValues = z.input<typeof wheelForm>;
export type WheelFormOutput = z.output<typeof wheelForm>;
export type WheelProductsInput = z.infer<typeof wheelProductsInput>;
