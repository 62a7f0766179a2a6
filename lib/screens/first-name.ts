// The first name a big screen shows of a visitor (docs/decisions/security.md "Public edge"). The
// name is what the visitor typed and the screen is a TV in a public place: control and format
// characters (zero-width, bidi overrides, BOM) go, as do runs of 3 or more digits (a phone number,
// a PIX key), and it is capped at 30 characters, so the screen shows a name and not a message.
export const SCREEN_NAME_MAX = 30;

const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
const DIGIT_RUN = /\p{Nd}{3,}/gu;

export function screenFirstName(name: string): string {
  const clean = name.replace(INVISIBLE, "").replace(DIGIT_RUN, "");
  const first = clean.trim().split(/\s+/)[0] ?? "";
  // By code points: a cut never splits a surrogate pair.
  return [...first].slice(0, SCREEN_NAME_MAX).join("");
}
