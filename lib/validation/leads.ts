// Filters of the leads list, its export and the reports (docs/api.md "Conventions"). Values are validated, never clamped.
import { z } from "./z";
import { dayEnd, dayStart } from "@/lib/dates/sao-paulo-day";
import { pageQuery } from "./common";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A plain date is a whole day in São Paulo; a full ISO instant is taken as is. */
const dateBound = (edge: "start" | "end") =>
  z
    .string()
    .trim()
    .refine(
      (s) =>
        DAY.test(s)
          ? !Number.isNaN(Date.parse(`${s}T00:00:00Z`))
          : !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}T/.test(s),
      "Data inválida: use o formato AAAA-MM-DD",
    )
    .transform((s) => (DAY.test(s) ? (edge === "start" ? dayStart(s) : dayEnd(s)) : new Date(s)));

export const spinFilters = z.object({
  wheel_id: z.string().uuid("Roleta inválida").optional(),
  source_id: z.string().uuid("Origem inválida").optional(),
  unit_id: z.string().uuid("Unidade inválida").optional(),
  search: z.string().trim().max(255, "Busca muito longa").optional(),
  status: z.enum(["won", "lost"], { error: "Status inválido: use won ou lost" }).optional(),
  redemption: z
    .enum(["pending", "redeemed", "expired"], { error: "Situação inválida: use pending, redeemed ou expired" })
    .optional(),
  start_date: dateBound("start").optional(),
  end_date: dateBound("end").optional(),
});

export const leadsQuery = pageQuery
  .extend({ limit: pageQuery.shape.limit.removeDefault().default(10) })
  .merge(spinFilters);

export const reportsQuery = spinFilters.pick({ wheel_id: true, unit_id: true, start_date: true, end_date: true });

export type SpinFilters = z.infer<typeof spinFilters>;
export type LeadsQuery = z.infer<typeof leadsQuery>;

export const lgpdInput = z.object({
  whatsapp: z
    .string({ error: "Informe o WhatsApp" })
    .trim()
    .min(1, "Informe o WhatsApp")
    .max(30, "WhatsApp inválido")
    .refine((s) => s.replace(/\D/g, "").length >= 10, "Informe um WhatsApp válido com DDD"),
});
