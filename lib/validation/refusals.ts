// GET /wheels/{id}/refusals (docs/api.md "Refusals (issue 28)"): the reasons and the period asked.
import { z } from "./z";

export const REFUSAL_REASONS = [
  "rate_limited",
  "duplicate",
  "invalid",
  "disposable_email",
  "not_verified",
  "sold_out",
  "closed",
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

const day = z
  .string({ error: "Data inválida: use AAAA-MM-DD" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Data inválida: use AAAA-MM-DD")
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), "Data inválida: use AAAA-MM-DD");

export const refusalsQuery = z
  .object({ start_date: day.optional(), end_date: day.optional() })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: "A data final deve ser igual ou posterior à inicial",
    path: ["end_date"],
  });

export type RefusalsQuery = z.infer<typeof refusalsQuery>;
