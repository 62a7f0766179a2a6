// The play steps' props (the form's, play.tsx, and the steps' after it, steps.tsx): apart from
// both, so the steps can name them without importing the form (no import cycle).
import type { Game } from "@/lib/games/names";
import type { Attribution } from "@/lib/sources/attribution";
import type { VisitorFormConfig } from "@/lib/validation/public-rules";
import type { Slice } from "./slices";

export interface PlayProps {
  companySlug: string;
  wheelSlug: string;
  wheelName: string;
  /** Null on counter wheels, whose count would tell when the next winning number comes up. */
  totalSpins: number | null;
  /** Today in São Paulo (YYYY-MM-DD), from the server: the birthdate's upper bound. Computing it
   *  here would cost the first Intl time-zone lookup, tens of ms on a phone, during hydration. */
  maxBirthdate: string;
  /** Prizes available (the form's footer). */
  prizeCount: number;
  slices: Slice[];
  /** Why the slices are equal, outside random mode. */
  sliceNote: string | null;
  /** The page URL's source key and utm_* (sent with the spin). */
  attribution?: Attribution;
  /** The shop's phone, for "Falar com a loja" on the result. */
  companyPhone: string | null;
  /** The wheel asks the visitor to prove the WhatsApp number before the wheel (verify_contact). */
  verifyContact?: boolean;
  /** The shop can send a 6-digit code instead (it named its code template). */
  verifyByCode?: boolean;
  /** The CPF box's hint (it says "one play per person" only on wheels that allow one per CPF). */
  cpfHint: string;
  /** The LGPD consent box's text. */
  consentText: string;
  /** What the wheel asks besides name, WhatsApp and birth date (e-mail, CPF, questions). */
  form?: VisitorFormConfig;
  /**
   * A shared totem's token (components/totem): no per-address limit, no prize remembered on the
   * device, no autofill of the last person's data, and "sem conexão" while a spin is retried.
   */
  device?: string;
  /** On a totem: the shop sends prizes by WhatsApp ("Enviar para o meu WhatsApp" on the result). */
  kioskWhatsapp?: boolean;
  /** The big screen the visitor came from (?tela=): the spin is shown on it too. */
  screen?: string;
  /** How the draw is revealed (issue 42): the wheel, the raspadinha or the gift box. */
  game?: Game;
  /** What the form's intro says the visitor does ("girar a roleta"), from the server (lib/games/names). */
  gameAction?: string;
  /** The shop's logo, on the raspadinha's card and the gift box. */
  logoUrl?: string | null;
}
