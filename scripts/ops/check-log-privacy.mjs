// Reads a whole server log (an e2e run's, CI) and fails if any line holds what the log must never
// hold (docs/decisions/operations.md "Logs: pino"): an e-mail address, a Brazilian phone number in
// any of the forms the app or its tests write one, a CPF, a session token (a JWT or next-auth's
// encrypted JWE), a webhook secret or a bearer credential. The e2e specs make their own addresses,
// numbers and tokens, so matching their shapes finds them without a list.
// Usage: node scripts/ops/check-log-privacy.mjs <log file>
import { readFileSync } from "node:fs";

const file = process.argv[2];
if (!file) throw new Error("usage: check-log-privacy.mjs <log file>");
const SHAPES = {
  "an e-mail address": /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/,
  // Not inside a longer run of letters and digits: a job id's random hex ("...fde22914036078") holds
  // eleven digits in a row as often as not.
  "a phone number": /(?<![\w.])(?:\+?55\s?)?\(?[1-9]\d\)?\s?9\d{4}[-\s]?\d{4}(?![\w.])/,
  "a CPF": /\b\d{3}\.\d{3}\.\d{3}-\d{2}\b/,
  "a session token": /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*/,
  "a webhook secret": /\bwhsec_[A-Za-z0-9+/=]{8,}/,
  "a bearer credential": /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/i,
};
// The demo company's accounts, printed by the seed's banner (SEED_DEMO, the e2e server): fixtures
// documented in the README, nobody's contact.
const FIXTURES = /\b(?:dono|admin|membro)@demo\.com\.br\b/g;
const lines = readFileSync(file, "utf8")
  .split("\n")
  .map((l) => l.replace(FIXTURES, "<demo account>"));
const hits = [];
lines.forEach((line, i) => {
  for (const [what, re] of Object.entries(SHAPES)) {
    const m = line.match(re);
    if (m) hits.push(`${file}:${i + 1}: ${what} (${m[0].slice(0, 6)}...)`);
  }
});
for (const h of hits.slice(0, 50)) console.error(h);
console.log(`log privacy: ${lines.length} lines read, ${hits.length} hits`);
if (hits.length) process.exit(1);
