// Free text that reaches the log (an error's message and stack, a line Next prints itself) with the
// shapes of what the log must never hold replaced: e-mail addresses, Brazilian phone numbers, CPFs,
// session tokens, webhook secrets, API keys and bearer credentials, and every value of a query
// string. The same shapes CI looks for in a whole server log (scripts/ops/check-log-privacy.mjs);
// the logger's key redaction (lib/log/index.ts) cannot see inside text.
const SHAPES: RegExp[] = [
  /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/g,
  /(?<![\w.])(?:\+?55\s?)?\(?[1-9]\d\)?\s?9\d{4}[-\s]?\d{4}(?![\w.])/g,
  /\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b/g,
  // Any number as we store it (E.164) or typed without punctuation, standing alone so that ids (hex,
  // uuid segments) keep their digits.
  /(?<![\w-])\+?\d{10,15}(?![\w-])/g,
  /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_.-]*/g,
  /\bwhsec_[A-Za-z0-9+/=]{8,}/g,
  /\brp_live_[A-Za-z0-9_-]+/g,
  /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/gi,
];
const QUERY_VALUE = /([?&][^=\s&#"'`]+=)[^&\s#"'`]+/g;

export function scrubText(text: string): string {
  let out = text.replace(QUERY_VALUE, "$1[redacted]");
  for (const shape of SHAPES) out = out.replace(shape, "[redacted]");
  return out;
}
