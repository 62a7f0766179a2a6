// What a visitor typed, as it may go into a WhatsApp message the shop's number sends (docs/decisions/
// security.md "Visitors, keys and the counter"): a name like `Seu-PIX-de-R$500-esta-em-golpe.example/pix`
// must not reach a paid template that Meta delivers under the shop's name. Only a first word is
// kept: no link or host, no digit run (an amount, a number to call), at most 30 characters.

/** The longest word a template parameter takes from a visitor. */
export const VISITOR_PARAM_MAX = 30;
/** What stands in for a name with no word left ("Olá, cliente!"). */
export const VISITOR_PARAM_FALLBACK = "cliente";

// A scheme's link, a www. address, or anything host-like (label.label, with a path or not).
const URL_LIKE = /[a-z][a-z\d+.-]*:\/\/\S*|www\.\S*|[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+(?:[/?#:]\S*)?/giu;
const DIGIT_RUN = /\p{N}+/gu;
// A word: letters (and their accents), with inner apostrophes (D'Ávila); hyphens and anything else end it.
const WORD = /[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*/u;

export function visitorParam(text: string): string {
  const cleaned = text.replace(URL_LIKE, " ").replace(DIGIT_RUN, " ");
  const word = WORD.exec(cleaned)?.[0] ?? "";
  return [...word].slice(0, VISITOR_PARAM_MAX).join("") || VISITOR_PARAM_FALLBACK;
}
