// Product input, shared by the product form and the API.
import { z } from "./z";
import { codeSource } from "./codes";
import { optionalSearch, pageQuery, requiredName } from "./common";
import { PRODUCT_MESSAGES } from "@/lib/copy/products";

const m = PRODUCT_MESSAGES;

/** Our own uploads (/uploads/...) or an https URL (Vercel Blob); never javascript: or data:. */
export const imageUrl = (message: string = m.imageUrl) =>
  z
    .string({ error: message })
    .trim()
    .max(2048, message)
    .refine((s) => s === "" || s.startsWith("/uploads/") || /^https:\/\/[^\s]+$/.test(s), message)
    .transform((s) => (s === "" ? null : s));

const fields = {
  name: requiredName(m.name),
  description: z
    .string({ error: m.description })
    .trim()
    .min(1, m.description)
    .max(2000, "Descrição deve ter no máximo 2000 caracteres"),
  image_url: imageUrl().nullable(),
  stock: z.number({ error: m.stock }).int(m.stock).min(0, m.stock).max(1_000_000, "Estoque muito alto"),
  weight: z.number({ error: m.weight }).int(m.weight).min(1, m.weight).max(1_000_000, "Peso muito alto"),
  is_active: z.boolean({ error: "Status inválido" }),
  /** Store products come with the stores integration; until then generated or pool. */
  code_source: codeSource.exclude(["store"], { error: "Origem dos códigos inválida" }),
};

export const productCreateInput = z.object({
  ...fields,
  image_url: fields.image_url.optional().default(null),
  // Default 1 for generated codes (service); absent for pool products (docs/api.md "Unique codes (issue 26)", STOCK_FROM_CODES).
  stock: fields.stock.optional(),
  weight: fields.weight.optional().default(1),
  is_active: fields.is_active.optional().default(true),
  code_source: fields.code_source.optional().default("generated"),
});

export const productUpdateInput = z.object(fields).partial();

/** The form always sends every field (stock only for generated codes). */
export const productForm = z.object({ ...fields, stock: fields.stock.optional() });

const bool = z.enum(["true", "false"], { error: "Valor inválido" }).transform((v) => v === "true");

export const productListQuery = pageQuery.extend({
  search: optionalSearch,
  active: bool.optional(),
  lowstock: bool.optional(),
});

export type ProductCreateInput = z.infer<typeof productCreateInput>;
export type ProductUpdateInput = z.infer<typeof productUpdateInput>;
export type ProductFormValues = z.infer<typeof productForm>;
export type ProductListQuery = z.infer<typeof productListQuery>;
