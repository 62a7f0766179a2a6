// The forms of a contact that one play per person compares (docs/decisions/visitor-form.md "One play
// per person compares canonical contacts (issue 37)"). The phone's own canonical form is
// lib/phone's normalizePhone; here what the wheel accepts of it and the e-mail's key.
import { PUBLIC_MESSAGES } from "@/lib/copy/public-rules";
import { AppError } from "@/lib/errors";
import { COUNTRY_CODE } from "@/lib/phone";

/** Mail providers that ignore dots in the local part (and are one mailbox under both names). */
const GMAIL = new Set(["gmail.com", "googlemail.com"]);

/**
 * An e-mail as one play per e-mail compares it: lower-cased, the local part without its "+tag"
 * (every large provider delivers `ana+x@` to `ana@`), and Gmail's also without dots. The
 * migration 20261128020000 backfilled the stored spins with the same rule in SQL.
 */
export function emailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  const domain = lower.slice(at + 1);
  const local = lower.slice(0, at).split("+")[0];
  return GMAIL.has(domain) ? `${local.replaceAll(".", "")}@gmail.com` : `${local}@${domain}`;
}

/** A normalised number (E.164) is Brazilian. */
export const isBrazilianPhone = (e164: string) => e164.startsWith(`+${COUNTRY_CODE}`);

/** 400 for another country's number on a wheel that takes Brazilian numbers only (the default). */
export function assertPhoneAccepted(wheel: { foreignNumbers: boolean }, e164: string) {
  if (!wheel.foreignNumbers && !isBrazilianPhone(e164))
    throw new AppError("VALIDATION", PUBLIC_MESSAGES.brazilOnly, { fields: { whatsapp: PUBLIC_MESSAGES.brazilOnly } });
}
