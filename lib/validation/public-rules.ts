// The visitor's form on the public wheel: its pt-BR messages and
// rules as plain functions. The zod schema the spin route parses with (public.ts) calls these
// same functions, and the play island checks the form with them in the browser: this module must
// stay free of zod (and of anything heavy), it ships to the visitor's phone.
// The CPF's check digits come from @brazilian-utils/brazilian-utils's subpath (a few hundred bytes).
import { isValidCpf } from "@brazilian-utils/brazilian-utils/is-valid-cpf";
import { MAX_ANSWER, MAX_EMAIL, MAX_NAME } from "./limits";
import { PUBLIC_MESSAGES } from "@/lib/copy/public-rules";

export const MAX_WHATSAPP = 30;
const BIRTHDATE_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** Today in São Paulo as YYYY-MM-DD (a date input's value): the latest birthdate accepted. */
export const todayIso = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Sao_Paulo" });

/** DDD and number, with or without the 55 prefix: 10 to 13 digits, whatever the punctuation. */
export function isWhatsapp(s: string): boolean {
  const digits = s.replace(/\D/g, "").length;
  return digits >= 10 && digits <= 13;
}

/** A YYYY-MM-DD date that parses, from 1900 on. */
export const isBirthdate = (s: string): boolean =>
  BIRTHDATE_FORMAT.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && s >= "1900-01-01";

export const isFutureDate = (s: string): boolean => s > todayIso();

// One plain address, local@domain.tld: none of the characters that make a mail header's address
// something else (a display name `Ana <x@y>`, a quoted local part, a list `x@y,`, a comment, a
// literal `[1.2.3.4]`), nor spaces or control characters. Each of those passed the old check and
// reached the same mailbox under a different one-play-per-e-mail key (issue 49).
const NOT_IN_ADDRESS = '\\s\\u0000-\\u001f\\u007f@"<>(),;:\\[\\]\\\\';
const PLAIN_ADDRESS = new RegExp(`^[^${NOT_IN_ADDRESS}]+@[^${NOT_IN_ADDRESS}.]+(\\.[^${NOT_IN_ADDRESS}.]+)+$`);

/** A plain address: something@domain.tld (the server also refuses disposable domains). */
export const isEmail = (s: string): boolean => s.length <= MAX_EMAIL && PLAIN_ADDRESS.test(s);

/** Digits and the usual mask characters only, 11 digits with valid check digits, not one digit repeated. */
export function isCpf(s: string): boolean {
  const digits = s.replace(/\D/g, "");
  return /^[\d.\-\s]*$/.test(s) && digits.length === 11 && !/^(\d)\1{10}$/.test(digits) && isValidCpf(digits);
}

// The CPF box's mask: its own module, the public page's first load imports it (this one loads later).
export { maskCpf } from "./cpf-mask";

export type FieldMode = "off" | "optional" | "required";

export interface FormQuestion {
  id: string;
  label: string;
  type: "text" | "select";
  options?: string[];
  required: boolean;
}

/** What a wheel asks besides name, WhatsApp and birth date (docs/api.md "The visitor's form (issue 28)"). */
export interface VisitorFormConfig {
  fields: { email: FieldMode; cpf: FieldMode };
  questions: FormQuestion[];
}

export interface SpinForm {
  name: string;
  whatsapp: string;
  /** Empty or absent when not given (the field is optional). */
  birthdate?: string | null;
  email?: string | null;
  cpf?: string | null;
  answers?: Record<string, string> | null;
  consent: boolean;
}

/** The errors of the fields a wheel adds; keys `email`, `cpf` and `answers.<question id>`. */
export function visitorFormErrors(form: SpinForm, config: VisitorFormConfig): Record<string, string> {
  const m = PUBLIC_MESSAGES;
  const errors: Record<string, string> = {};
  const email = form.email?.trim();
  if (config.fields.email !== "off") {
    if (!email) {
      if (config.fields.email === "required") errors.email = m.emailRequired;
    } else if (!isEmail(email)) errors.email = m.email;
  }
  const cpf = form.cpf?.trim();
  if (config.fields.cpf !== "off") {
    if (!cpf) {
      if (config.fields.cpf === "required") errors.cpf = m.cpfRequired;
    } else if (!isCpf(cpf)) errors.cpf = m.cpf;
  }
  for (const q of config.questions) {
    const answer = form.answers?.[q.id]?.trim() ?? "";
    const key = `answers.${q.id}`;
    if (!answer) {
      if (q.required) errors[key] = m.answerRequired;
    } else if (answer.length > MAX_ANSWER) errors[key] = m.answerTooLong;
    else if (q.type === "select" && !q.options?.includes(answer)) errors[key] = m.answerOption;
  }
  return errors;
}

/**
 * Each field's first problem, in the form's order, worded as the spin route answers it (its zod
 * schema runs the same checks in the same order); an empty object when the form may be sent.
 */
export function spinFormErrors(form: SpinForm, config?: VisitorFormConfig): Record<string, string> {
  const m = PUBLIC_MESSAGES;
  const errors: Record<string, string> = {};
  const name = form.name.trim();
  if (!name) errors.name = m.nameRequired;
  else if (name.length > MAX_NAME) errors.name = m.nameTooLong;
  const whatsapp = form.whatsapp.trim();
  if (!whatsapp) errors.whatsapp = m.whatsappRequired;
  else if (whatsapp.length > MAX_WHATSAPP || !isWhatsapp(whatsapp)) errors.whatsapp = m.whatsapp;
  if (form.birthdate) {
    if (!isBirthdate(form.birthdate)) errors.birthdate = m.birthdate;
    else if (isFutureDate(form.birthdate)) errors.birthdate = m.birthdateFuture;
  }
  if (config) Object.assign(errors, visitorFormErrors(form, config));
  if (form.consent !== true) errors.consent = m.consent;
  return errors;
}
