// API keys and POST /redemptions (docs/api.md "API keys (issue 39)"): shared by the Integrações
// screen's form and the routes.
import { redeemInput } from "./public";
import { z } from "./z";

/** What a key may do; each scope grants one permission (SCOPE_PERMISSION in lib/auth/permissions.ts). */
export const API_KEY_SCOPES = ["redemptions:write", "leads:read"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  "redemptions:write": "Marcar cupons como usados (caixa / PDV)",
  "leads:read": "Ler os leads",
};

export const apiKeyInput = z.object({
  name: z
    .string({ error: "Informe um nome para a chave" })
    .trim()
    .min(1, "Informe um nome para a chave")
    .max(60, "O nome pode ter até 60 caracteres"),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: "Permissão inválida" }), { error: "Escolha ao menos uma permissão" })
    .min(1, "Escolha ao menos uma permissão")
    .max(API_KEY_SCOPES.length, "Permissão repetida"),
});
export type ApiKeyInput = z.infer<typeof apiKeyInput>;

export const redemptionInput = z
  .object({
    code: redeemInput.shape.redemption_code,
    unit_id: redeemInput.shape.unit_id,
    order_id: z
      .string({ error: "Pedido inválido" })
      .trim()
      .min(1, "Pedido inválido")
      .max(255, "O pedido pode ter até 255 caracteres")
      .optional(),
    total_cents: z
      .number({ error: "Total inválido: informe centavos, um número inteiro" })
      .int("Total inválido: informe centavos, um número inteiro")
      .min(0, "Total inválido: informe centavos, um número inteiro")
      .max(2_000_000_000, "Total muito alto")
      .optional(),
    currency: z
      .string({ error: "Moeda inválida: use o código de 3 letras, como BRL" })
      .trim()
      .regex(/^[A-Za-z]{3}$/, "Moeda inválida: use o código de 3 letras, como BRL")
      .transform((c) => c.toUpperCase())
      .optional(),
  })
  .refine((r) => r.order_id !== undefined || (r.total_cents === undefined && r.currency === undefined), {
    message: "Informe o pedido (order_id) junto do total e da moeda",
    path: ["order_id"],
  });
export type RedemptionInput = z.infer<typeof redemptionInput>;
