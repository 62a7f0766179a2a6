// The prize's hand-off to the visitor (docs/api.md "The prize is never lost (issue 13)"): the WhatsApp message
// with prize, code, validity and claim link, the masked number the claim page shows, and the
// last result kept on the visitor's phone. Plain functions, no Node imports: the public page's
// island and the claim page share them.
import { TIME_ZONE } from "@/lib/dates/zone";
import { COUNTRY_CODE } from "@/lib/whatsapp";

const digits = (s: string) => s.replace(/\D/g, "");

/** A wa.me link to a number (stored "+55..." or a company phone of 10-11 digits) with a message. */
export function waLink(number: string, text?: string): string {
  const d = digits(number);
  const full = d.length === 10 || d.length === 11 ? `${COUNTRY_CODE}${d}` : d;
  return `https://wa.me/${full}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}

/** "+5511987654321" -> "+55 (11) 9••••-4321": enough to recognise one's own number, not to read it. */
export function maskWhatsapp(stored: string): string {
  const d = digits(stored);
  if (!d.startsWith(COUNTRY_CODE) || d.length < 12) return "••••";
  const rest = d.slice(4);
  return `+55 (${d.slice(2, 4)}) ${rest.slice(0, 1)}••••-${rest.slice(-4)}`;
}

export interface PrizeMessage {
  prize: string;
  code: string;
  wheelName: string;
  /** dd/mm/aaaa, or null when the code never expires. */
  validUntil: string | null;
  claimUrl: string;
}

export function prizeMessage(m: PrizeMessage): string {
  return [
    `🎉 Ganhei "${m.prize}" na ${m.wheelName}!`,
    `Código de resgate: ${m.code}`,
    m.validUntil ? `Válido até ${m.validUntil}.` : null,
    `Ver meu prêmio: ${m.claimUrl}`,
  ]
    .filter(Boolean)
    .join("\n");
}

/** dd/mm/aaaa in São Paulo, built only when called (an Intl formatter costs a phone tens of ms). */
export const validityText = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString("pt-BR", { timeZone: TIME_ZONE }) : null;
