// Masked contacts for the refusals list (docs/api.md "Refusals (issue 28)"): enough to recognise a
// repeat, not enough to contact the person.

/** "+5511987654321" -> "+55 (11) *****-4321". */
export function maskWhatsapp(raw: string): string {
  const digits = raw.replace(/\D/g, "");
  const local = digits.startsWith("55") && digits.length >= 12 ? digits.slice(2) : digits;
  return `+55 (${local.slice(0, 2)}) *****-${local.slice(-4)}`;
}

/** "joana@gmail.com" -> "j***@gmail.com". */
export function maskEmail(raw: string): string {
  const [user, domain] = raw.trim().toLowerCase().split("@");
  return `${user.slice(0, 1)}***@${domain ?? ""}`;
}
