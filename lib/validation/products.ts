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

/** A store product's coupon (docs/api.md "Unique codes (issue 26)"): made in the store, one use each. */
export const storeCouponInput = z
  .object(
    {
      store_id: z.string({ error: m.store }).trim().min(1, m.store).max(64, m.store),
      type: z.enum(["percentage", "fixed", "free_shipping"], { error: m.couponType }),
      value: z.number({ error: m.fixed }).min(0, m.fixed).max(100_000, m.fixed),
      valid_days: z.number({ error: m.validDays }).int(m.validDays).min(1, m.validDays).max(365, m.validDays),
      min_order: z.number({ error: m.minOrder }).min(0, m.minOrder).max(1_000_000, m.minOrder).nullable().optional(),
    },
    { error: m.storeCoupon },
  )
  .superRefine((c, ctx) => {
    if (c.type === "percentage" && (c.value < 1 || c.value > 100))
      ctx.addIssue({ code: "custom", path: ["value"], message: m.percentage });
    if (c.type === "fixed" && c.value <= 0) ctx.addIssue({ code: "custom", path: ["value"], message: m.fixed });
  })
  .transform((c) => ({ ...c, value: c.type === "free_shipping" ? 0 : c.value, min_order: c.min_order ?? null }));

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
  code_source: codeSource,
  /** Required for a `store` product; ignored for the others. */
  store_coupon: storeCouponInput.nullable(),
};

export const productCreateInput = z.object({
  ...fields,
  image_url: fields.image_url.optional().default(null),
  // Default 1 for generated codes (service); absent for pool products (docs/api.md "Unique codes (issue 26)", STOCK_FROM_CODES).
  stock: fields.stock.optional(),
  weight: fields.weight.optional().default(1),
  is_active: fields.is_active.optional().default(true),
  code_source: fields.code_source.optional().default("generated"),
  store_coupon: fields.store_coupon.optional(),
});

export const productUpdateInput = z.object(fields).partial();

/** The form always sends every field (stock only for generated codes). */
export const productForm = z.object({
  ...fields,
  stock: fields.stock.optional(),
  store_coupon: fields.store_coupon.optional(),
});

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
export type StoreCouponInput = z.infer<typeof storeCouponInput>;
