// The visitor's form on the public wheel, as the spin route parses
// it. The rules and messages live in public-rules.ts (zod-free, shared with the browser form);
// this schema only wires them into zod, in the same order as spinFormErrors.
import { MAX_ANSWER, MAX_EMAIL, MAX_NAME, MAX_QUESTIONS } from "./limits";
import { PUBLIC_MESSAGES } from "@/lib/copy/public-rules";
import { isBirthdate, isCpf, isEmail, isFutureDate, isWhatsapp, MAX_WHATSAPP } from "./public-rules";
import { deviceSpinFields } from "./devices";
import { visitorId } from "./experiments";
import { attributionInput } from "./sources";
import { z } from "./z";

export { PUBLIC_MESSAGES };

const m = PUBLIC_MESSAGES;

export const spinInput = z.object({
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(MAX_NAME, m.nameTooLong),
  whatsapp: z
    .string({ error: m.whatsappRequired })
    .trim()
    .min(1, m.whatsappRequired)
    .max(MAX_WHATSAPP, m.whatsapp)
    .refine(isWhatsapp, m.whatsapp),
  birthdate: z
    .string({ error: m.birthdate })
    .refine(isBirthdate, m.birthdate)
    .refine((s) => !isFutureDate(s), m.birthdateFuture)
    .optional()
    .nullable()
    .or(z.literal("").transform(() => null)),
  // The visitor's form (docs/api.md "The visitor's form (issue 28)"): whether the wheel asks for
  // each is checked by the spin against the wheel (visitorFormErrors); empty means not given.
  email: z
    .string({ error: m.email })
    .trim()
    .max(MAX_EMAIL, m.email)
    .transform((s) => s.toLowerCase())
    .refine((s) => !s || isEmail(s), m.email)
    .transform((s) => s || null)
    .nullish(),
  cpf: z
    .string({ error: m.cpf })
    .trim()
    .max(20, m.cpf)
    .refine((s) => !s || isCpf(s), m.cpf)
    .transform((s) => s || null)
    .nullish(),
  answers: z
    .record(z.string().max(40), z.string({ error: m.answerRequired }).trim().max(MAX_ANSWER, m.answerTooLong), {
      error: m.answerRequired,
    })
    .refine((a) => Object.keys(a).length <= MAX_QUESTIONS * 2, m.answerRequired)
    .nullish(),
  consent: z.literal(true, { error: m.consent }),
  // A wheel with verify_contact = whatsapp: the verified verification of this number (docs/api.md "WhatsApp (issue 27)").
  verification_id: z.string().trim().max(64).optional().nullable(),
  ...attributionInput.shape,
  // A totem's token (lifts the per-address limit) and the big screen the visitor came from (?tela=).
  ...deviceSpinFields,
  // An experiment's loader (docs/api.md "Experiments"): its key and the visitor's id record the lead's arm.
  experiment: z.string().trim().max(50).optional().nullable(),
  visitor: visitorId.optional().nullable(),
});

export type SpinInput = z.infer<typeof spinInput>;

/** The eligibility check at 'Começar' (docs/api.md "The prize is never lost (issue 13)"): the spin's WhatsApp rule. */
export const eligibilityInput = spinInput.pick({ whatsapp: true, email: true, cpf: true, device: true });

export const redeemInput = z.object({
  redemption_code: z
    .string({ error: "Informe o código de resgate" })
    .trim()
    .min(3, "Informe o código de resgate")
    // Pool and store codes (docs/api.md "Unique codes (issue 26)") are up to 64 characters.
    .max(64, "Código inválido"),
  // Where the prize is handed over, for staff working in several units (docs/api.md "Units and counter staff").
  unit_id: z.string({ error: "Unidade inválida" }).uuid("Unidade inválida").optional().nullable(),
});

/** The code typed at the counter to look a prize up (GET /spins/redeem?code=). */
export const redeemLookupInput = z.object({ code: redeemInput.shape.redemption_code });
