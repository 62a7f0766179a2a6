// Phone numbers, normalised once, here, and compared in that form everywhere: the spin and one play
// per number, lead search, LGPD look-ups, the hand-off link and the WhatsApp webhook's `wa_id`
// (docs/decisions/whatsapp.md "Verified contacts"). Plain functions without
// dependencies: the public wheel's island imports them, so this module must stay tiny.
//
// The form is E.164 ("+" and digits). Brazilian numbers: 10 or 11 digits are DDD and number, to
// which +55 is added. A mobile number written without its ninth digit (DDD + 8 digits starting 6..9,
// as older WhatsApp accounts' `wa_id` still are) gains it, so "55 11 8765-4321" and
// "55 11 98765-4321" are the same person. Landlines (starting 2..5) keep 8 digits.
export const COUNTRY_CODE = "55";

const digitsOf = (s: string) => s.replace(/\D/g, "");

/** DDD + 8 digits of a mobile (first digit 6..9): the ninth digit is missing. */
const lacksNinth = (national: string) => national.length === 10 && /^[1-9][1-9][6-9]/.test(national);

/** A Brazilian national number (DDD + 8 or 9 digits) in E.164, with the ninth digit where it belongs. */
function brazilian(national: string): string {
  const n = lacksNinth(national) ? `${national.slice(0, 2)}9${national.slice(2)}` : national;
  return `+${COUNTRY_CODE}${n}`;
}

/**
 * Any way a person or Meta writes a number -> E.164. "+" followed by a country code other than 55
 * stays as written (digits only); otherwise the number is Brazilian: 10-11 digits get +55, 12-13
 * digits starting with 55 are read as 55 + DDD + number, and anything else gets +55 in front (the
 * form's rule since the start, kept so that stored numbers do not change).
 */
export function normalizePhone(raw: string): string {
  const d = digitsOf(raw);
  if (raw.trim().startsWith("+") && !d.startsWith(COUNTRY_CODE)) return `+${d}`;
  if (d.length === 10 || d.length === 11) return brazilian(d);
  if (d.startsWith(COUNTRY_CODE) && (d.length === 12 || d.length === 13)) return brazilian(d.slice(2));
  if (d.startsWith(COUNTRY_CODE)) return `+${d}`;
  return `+${COUNTRY_CODE}${d}`;
}

/** Whether two numbers, written any way, are the same (a `wa_id` without the ninth digit included). */
export const samePhone = (a: string, b: string) => normalizePhone(a) === normalizePhone(b);

/** E.164 without the "+": what wa.me links and Meta's `to` field take. */
export const phoneDigits = (raw: string) => normalizePhone(raw).slice(1);

/** "+5511987654321" -> "+55 (11) 98765-4321" for people; other shapes stay as they are. */
export function formatPhone(stored: string): string {
  const digits = digitsOf(stored);
  if (!digits.startsWith(COUNTRY_CODE) || digits.length < 12) return stored;
  const ddd = digits.slice(2, 4);
  const rest = digits.slice(4);
  const split = rest.length - 4;
  return `+55 (${ddd}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

/** A wa.me link to a number (written any way) with an optional pre-filled text. */
export const waMeLink = (number: string, text?: string) =>
  `https://wa.me/${phoneDigits(number)}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
