// Company settings (owner only), with the promoter's legal data for the rules page.
import { isCnpj, normalizeCnpj } from "./cnpj";
import { z } from "./z";
import { COMPANY_MESSAGES } from "@/lib/copy/company";

const m = COMPANY_MESSAGES;

export const companySlug = z
  .string({ error: m.slugLength })
  .trim()
  .min(3, m.slugLength)
  .max(50, m.slugLength)
  .regex(/^[a-z0-9-]+$/, m.slugFormat);

// "" clears the field; omitted leaves it as it is.
const optionalEmail = z
  .string()
  .trim()
  .max(255, m.email)
  .refine((s) => s === "" || z.email().safeParse(s).success, m.email)
  .transform((s) => (s === "" ? null : s.toLowerCase()))
  .nullable()
  .optional();

export const companyUpdateInput = z.object({
  name: z.string({ error: m.name }).trim().min(1, m.name).max(255, m.nameMax),
  slug: companySlug,
  email: optionalEmail.meta({ description: "Internal e-mail (sign-up fills in the owner's); never public." }),
  contact_email: optionalEmail.meta({
    description: 'Public contact e-mail, printed on the rules page with the phone. Omitted: unchanged; "": cleared.',
  }),
  phone: z
    .string({ error: m.phoneChars })
    .regex(/^[\d\s()+.-]*$/, m.phoneChars)
    .transform((s) => s.replace(/\D/g, ""))
    .refine((s) => s === "" || s.length === 10 || s.length === 11, m.phone)
    .transform((s) => (s === "" ? null : s))
    .nullable()
    .optional(),
  legal_name: z
    .string({ error: m.legalName })
    .trim()
    .max(255, m.legalName)
    .transform((s) => s || null)
    .nullable()
    .optional(),
  cnpj: z
    .string({ error: m.cnpj })
    .trim()
    .max(30, m.cnpj)
    .refine((s) => s === "" || isCnpj(s), m.cnpj)
    .transform((s) => normalizeCnpj(s) || null)
    .nullable()
    .optional(),
});

export type CompanyUpdateInput = z.infer<typeof companyUpdateInput>;

/** (99) 99999-9999 while typing; only digits are sent. */
export function maskPhone(value: string): string {
  const d = value.replace(/\D/g, "").slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : "";
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}
