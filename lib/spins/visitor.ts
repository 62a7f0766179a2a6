// The visitor's form on a spin (docs/api.md "The visitor's form (issue 28)"): what the wheel asks
// besides name and WhatsApp, checked against the wheel and turned into what the spin keeps. The
// schema already checked the shapes (an e-mail, a CPF's check digits); here: the fields the wheel
// requires, the questions' options, disposable e-mail domains (mailchecker's list, updated with
// `npm update`; docs/decisions.md "The visitor's form (issue 28)"), the CPF kept as an HMAC plus its
// last two digits, and the 409 of one play per CPF / e-mail.
import "server-only";
import { isValid as notThrowaway } from "mailchecker";
import { nextPlayAt } from "@/lib/campaigns/schedule";
import { AppError } from "@/lib/errors";
import { isUniqueViolation } from "@/lib/db/errors";
import { protectCpf } from "@/lib/security/cpf";
import { PUBLIC_MESSAGES, type SpinInput } from "@/lib/validation/public";
import { visitorFormErrors } from "@/lib/validation/public-rules";
import type { VisitorColumns } from "./draw/record";
import type { PublicWheel } from "./public-wheel";

type Wheel = PublicWheel["wheel"];

/** A domain of mailchecker's list of throwaway-address providers (its subdomains too). */
export function isDisposableEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  // isValid is false for a malformed address or a listed domain; the address is already well formed.
  return !!domain && !notThrowaway(`x@${domain}`);
}

export const disposableEmail = () =>
  new AppError("DISPOSABLE_EMAIL", PUBLIC_MESSAGES.disposableEmail, {
    fields: { email: PUBLIC_MESSAGES.disposableEmail },
  });

type Contact = Pick<SpinInput, "email" | "cpf">;

/** 400 for an e-mail from a throwaway provider, when the wheel asks for the e-mail at all. */
export function assertEmailKept(wheel: Wheel, input: Contact) {
  if (wheel.form.fields.email !== "off" && input.email && isDisposableEmail(input.email)) throw disposableEmail();
}

/**
 * What the spin keeps of the form: fields the wheel does not ask for are dropped, the others checked
 * (400 with each field's message, as the browser shows them) and protected.
 */
export function visitorColumns(wheel: Wheel, input: SpinInput): VisitorColumns {
  const { form } = wheel;
  const errors = visitorFormErrors(input, form);
  const [first] = Object.values(errors);
  if (first) throw new AppError("VALIDATION", first, { fields: errors });
  assertEmailKept(wheel, input);
  const email = form.fields.email !== "off" ? (input.email ?? null) : null;
  const cpf = form.fields.cpf !== "off" && input.cpf ? protectCpf(input.cpf) : null;
  const answers = form.questions
    .map((q) => ({ id: q.id, label: q.label, value: input.answers?.[q.id]?.trim() ?? "" }))
    .filter((a) => a.value);
  return {
    email,
    cpfHash: cpf?.hash ?? null,
    cpfLast2: cpf?.last2 ?? null,
    answers: answers.length ? answers : null,
    onePerCpf: wheel.uniqueBy.cpf && !!cpf,
    onePerEmail: wheel.uniqueBy.email && !!email,
  };
}

/** 409 of one play per CPF / e-mail, with the next window when there is one (like the WhatsApp's). */
export function alreadyPlayedBy(key: "cpf" | "email", wheel: Wheel, now: Date) {
  const next = nextPlayAt(wheel, now);
  const message = key === "cpf" ? PUBLIC_MESSAGES.duplicateCpf : PUBLIC_MESSAGES.duplicateEmail;
  // The field it is about, marked on the form (issue 38), as a disposable e-mail's is.
  return new AppError("CONFLICT", message, {
    fields: { [key]: message },
    ...(next && { next_play_at: next.toISOString() }),
  });
}

/** The 409 a unique index of the visitor's form answered on the write, or null for any other error. */
export function visitorConflict(err: unknown, wheel: Wheel, now: Date): AppError | null {
  if (isUniqueViolation(err, "cpfHash")) return alreadyPlayedBy("cpf", wheel, now);
  if (isUniqueViolation(err, "_email_")) return alreadyPlayedBy("email", wheel, now);
  return null;
}
