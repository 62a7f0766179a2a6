// Wheel and wheel-product inputs (spec section 5), shared by the forms and the API.
import { z } from "./z";
import { optionalSearch, pageQuery, requiredName } from "./common";

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

export const wheelCreateInput = z.object({ ...fields, status: fields.status.optional().default("draft") });
export const wheelUpdateInput = z.object(fields).partial();
export const wheelForm = z.object(fields);

export const wheelListQuery = pageQuery.extend({ search: optionalSearch });

export const oddsWeight = z.number({ error: m.oddsWeight }).int(m.oddsWeight).min(1, m.oddsWeight).max(1_000_000, "Peso muito alto");

export const wheelProductsInput = z.object({
  products: z
    .array(z.object({ product_id: z.string().uuid("Produto inválido"), odds_weight: oddsWeight }), { error: "Lista de produtos inválida" })
    .max(100, "No máximo 100 produtos por roleta"),
});

export type WheelCreateInput = z.infer<typeof wheelCreateInput>;
export type WheelUpdateInput = z.infer<typeof wheelUpdateInput>;
export type WheelFormValues = z.infer<typeof wheelForm>;
export type WheelProductsInput = z.infer<typeof wheelProductsInput>;
