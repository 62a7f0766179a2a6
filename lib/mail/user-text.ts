// Text a user typed (a company's or a person's name, a webhook URL), as it goes into an e-mail we
// send. Mail clients turn whatever looks like a host or a URL into a link, so a company named
// "evil.com/phish" would put a link we seem to vouch for in the subject and the body. Here every
// dot becomes U+2024 ONE DOT LEADER, which reads as a dot but is punctuation to linkifiers, so no
// host name is left; and "://" gets a word joiner, so no scheme link starts either. Invisible
// characters alone before the dot are not enough: some linkifiers (linkify-it) read them as letters
// of the host, and the browser then drops them (docs/decisions/security.md "Mail, CSV, counts, claim pages, headers").

/** The ASCII dot and the ones IDNA reads as a dot (ideographic, full-width, half-width). */
const DOTS = /[.\u3002\uFF0E\uFF61]/g;
const ONE_DOT_LEADER = "\u2024";
const SCHEME = /:(?=\/)/g;
const WORD_JOINER = "\u2060";
// Line breaks and other control characters have no place in a name (nor in a subject line).
const CONTROLS = /[\u0000-\u001f\u007f]+/g;

/** For a subject or a plain-text body. */
export function mailText(value: string): string {
  return value.replace(CONTROLS, " ").replace(DOTS, ONE_DOT_LEADER).replace(SCHEME, `:${WORD_JOINER}`);
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** For an HTML body: escaped, then made unlinkable like mailText. */
export const mailHtml = (value: string): string => escapeHtml(mailText(value));
