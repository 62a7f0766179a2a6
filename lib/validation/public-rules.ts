// The visitor's form on the public wheel: its pt-BR messages and
// rules as plain functions. The zod schema the spin route parses with (public.ts) calls these
// same functions, and the play island checks the form with them in the browser: this module must
// stay free of zod (and of anything heavy), it ships to the visitor's phone.
import { MAX_NAME } from "./limits";
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

export interface SpinForm {
  name: string;
  whatsapp: string;
  /** Empty or absent when not given (the field is optional). */
  birthdate?: string | null;
  consent: boolean;
}

/**
 * Each field's first problem, in the form's order, worded as the spin route answers it (its zod
 * schema runs the same checks in the same order); an empty object when the form may be sent.
 */
export function spinFormErrors(form: SpinForm): Partial<Record<keyof SpinForm, string>> {
  const m = PUBLIC_MESSAGES;
  const errors: Partial<Record<keyof SpinForm, string>> = {};
  const name = form.name.trim();
  if (!name) errors.name = m.required;
  else if (name.length > MAX_NAME) errors.name = m.nameTooLong;
  const whatsapp = form.whatsapp.trim();
  if (!whatsapp) errors.whatsapp = m.required;
  else if (whatsapp.length > MAX_WHATSAPP || !isWhatsapp(whatsapp)) errors.whatsapp = m.whatsapp;
  if (form.birthdate) {
    if (!isBirthdate(form.birthdate)) errors.birthdate = m.birthdate;
    else if (isFutureDate(form.birthdate)) errors.birthdate = m.birthdateFuture;
  }
  if (form.consent !== true) errors.consent = m.consent;
  return errors;
}
