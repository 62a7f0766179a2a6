// WhatsApp's inputs (docs/api.md "WhatsApp (issue 27)"): the company's settings, the test message,
// the wheel's verify_contact and the visitor's verification.
import { WHATSAPP_MESSAGES } from "@/lib/copy/whatsapp";
import { isWhatsapp, MAX_WHATSAPP } from "./public-rules";
import { z } from "./z";

const m = WHATSAPP_MESSAGES;

export const VERIFY_CONTACT = ["none", "whatsapp"] as const;
export type VerifyContact = (typeof VERIFY_CONTACT)[number];

const phone = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(MAX_WHATSAPP, message).refine(isWhatsapp, message);

/** A secret field: absent or empty keeps the saved one. */
const secret = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(1000, message)
    .transform((s) => s || undefined)
    .optional();

const template = z
  .string({ error: m.template })
  .trim()
  .max(512, m.template)
  .refine((s) => !s || /^[a-z0-9_]+$/.test(s), m.template)
  .transform((s) => s || null)
  .nullable()
  .optional();

export const whatsappSettingsInput = z.object({
  phone_number_id: z
    .string({ error: m.phoneNumberId })
    .trim()
    .regex(/^\d{5,32}$/, m.phoneNumberId),
  business_phone: phone(m.businessPhone),
  access_token: secret(m.accessToken),
  app_secret: secret(m.appSecret),
  verify_token: z
    .string({ error: m.verifyToken })
    .trim()
    .refine((s) => !s || /^[A-Za-z0-9_-]{8,100}$/.test(s), m.verifyToken)
    .transform((s) => s || undefined)
    .optional(),
  enabled: z.boolean({ error: "enabled deve ser true ou false" }).optional().default(true),
  prize_template: template,
  code_template: template,
  // Code verifications (paid templates): to other countries than +55 only when on; at most
  // daily_code_cap a day (docs/decisions/whatsapp.md "Paid codes: Brazil only, a daily cap (issue 37)").
  codes_abroad: z.boolean({ error: m.codesAbroad }).optional(),
  daily_code_cap: z
    .number({ error: m.dailyCodeCap })
    .int(m.dailyCodeCap)
    .min(1, m.dailyCodeCap)
    .max(100_000, m.dailyCodeCap)
    .optional(),
  reminder_template: template,
});

export type WhatsappSettingsInput = z.infer<typeof whatsappSettingsInput>;

export const whatsappTestInput = z.object({ to: phone(m.testTo) });

export const verifyContactInput = z.object({
  verify_contact: z.enum(VERIFY_CONTACT, { error: m.verifyContact }).optional(),
});

export const verificationStartInput = z.object({
  whatsapp: phone("WhatsApp inválido. Use DDD + número, ex: (11) 98765-4321"),
  method: z.enum(["message", "code"], { error: m.method }),
});

export const verificationConfirmInput = z.object({
  code: z
    .string({ error: m.codeFormat })
    .trim()
    .regex(/^\d{6}$/, m.codeFormat),
});
