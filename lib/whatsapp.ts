// WhatsApp normalisation: digits only; 10 or 11 digits get the +55 prefix;
// otherwise +55 unless the number already starts with 55. Stored and compared in this form.
export const COUNTRY_CODE = "55";

export function normalizeWhatsapp(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  if (digits.length === 10 || digits.length === 11) return `+${COUNTRY_CODE}${digits}`;
  if (digits.startsWith(COUNTRY_CODE)) return `+${digits}`;
  return `+${COUNTRY_CODE}${digits}`;
}

/** "+5511987654321" -> "+55 (11) 98765-4321" for people; other shapes stay as they are. */
export function formatWhatsapp(stored: string): string {
  const digits = stored.replace(/\D/g, "");
  if (!digits.startsWith(COUNTRY_CODE) || digits.length < 12) return stored;
  const ddd = digits.slice(2, 4);
  const rest = digits.slice(4);
  const split = rest.length - 4;
  return `+55 (${ddd}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}
