// The visitor's form on a spin (docs/api.md "The visitor's form (issue 28)"): what the wheel asks
// besides name and WhatsApp, checked against the wheel and turned into what the spin keeps. The
// schema already checked the shapes (an e-mail, a CPF's check digits); here: the fields the wheel
// requires, the questions' options, disposable e-mail domains (mailchecker's list, updated with
// `npm update`; docs/decisions/visitor-form.md "The visitor's form"), the CPF kept as an HMAC plus its
// last two digits, and the 409 of one play per CPF / e-mail.
import "server-only";
import * as mailchecker from "mailchecker";
import { nextPlayAt } from "@/lib/campaigns/schedule";
import { AppError } from "@/lib/errors";
import { isUniqueViolation } from "@/lib/db/errors";
import { normalizePhone } from "@/lib/phone";
import { protectCpf } from "@/lib/security/cpf";
import { PUBLIC_MESSAGES, type SpinInput } from "@/lib/validation/public";
import { visitorFormErrors } from "@/lib/validation/public-rules";
import { assertPhoneAccepted, emailKey } from "./contact-keys";
import type { VisitorColumns } from "./draw/record";
import type { PublicWheel } from "./public-wheel";

type Wheel = PublicWheel["wheel"];

// mailchecker is CommonJS: Node's own ESM loader (tsx scripts) finds `blacklist` only on the
// module's default export, bundlers on the namespace itself.
const checker = (mailchecker as typeof mailchecker & { default?: typeof mailchecker }).default ?? mailchecker;
const THROWAWAY = checker.blacklist();

/**
 * A domain of mailchecker's list of throwaway-address providers (its subdomains too). The list is
 * read directly: mailchecker's isValid is also false for an address its own pattern refuses, so
 * `z@my_domain.com` (an underscore) was called disposable (issue 37).
 */
export function isDisposableEmail(email: string): boolean {
  let domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  for (;;) {
    if (THROWAWAY.has(domain)) return true;
    const dot = domain.indexOf(".");
    if (dot < 0) return false;
    domain = domain.slice(dot + 1);
  }
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
  assertPhoneAccepted(wheel, normalizePhone(input.whatsapp));
  assertEmailKept(wheel, input);
  const email = form.fields.email !== "off" ? (input.email ?? null) : null;
  const cpf = form.fields.cpf !== "off" && input.cpf ? protectCpf(input.cpf) : null;
  const answers = form.questions
    .map((q) => ({ id: q.id, label: q.label, value: input.answers?.[q.id]?.trim() ?? "" }))
    .filter((a) => a.value);
  return {
    email,
    emailKey: email && emailKey(email),
    cpfHash: cpf?.hash ?? null,
    cpfLast2: cpf?.last2 ?? null,
    answers: answers.length ? answers : null,
    onePerCpf: wheel.uniqueBy.cpf && !!cpf,
    onePerEmail: wheel.uniqueBy.email && !!email,
  };
}

/**
 * 409 of one play per CPF / e-mail, with the next window when there is one (like the WhatsApp's).
 * One message for both: which of them matched would make the form a CPF look-up (issue 37).
 */
export function alreadyPlayedBy(wheel: Wheel, now: Date) {
  const next = nextPlayAt(wheel, now);
  const message = PUBLIC_MESSAGES.duplicateContact;
  // Every field that counts is marked alike (issue 38: the form shows where to look), so the answer
  // still does not tell which of them matched (issue 37).
  const fields = Object.fromEntries(
    (["cpf", "email"] as const).filter((k) => wheel.uniqueBy[k]).map((k) => [k, message]),
  );
  return new AppError("CONFLICT", message, { fields, ...(next && { next_play_at: next.toISOString() }) });
}

/** The 409 a unique index of the visitor's form answered on the write, or null for any other error. */
export function visitorConflict(err: unknown, wheel: Wheel, now: Date): AppError | null {
  return isUniqueViolation(err, "cpfHash") || isUniqueViolation(err, "emailKey") ? alreadyPlayedBy(wheel, now) : null;
}
