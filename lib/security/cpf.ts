// The visitor's CPF at rest (docs/decisions/visitor-form.md "The visitor's form"): an HMAC-SHA256 of its
// 11 digits under a server key, enough to refuse a second play with the same CPF, plus its last two
// digits, enough to show it masked (***.***.***-12). Never stored or returned in full. The key is
// CPF_HASH_KEY (32 bytes, base64 or hex), else derived from NEXTAUTH_SECRET with HKDF-SHA256 like
// the secrets key of lib/security/secrets.ts (another label, so the two keys differ). Changing the
// key makes earlier spins' CPFs unknown to the one-play rule.
import "server-only";
import { createHmac, hkdfSync } from "node:crypto";
import { authSecret, env } from "@/lib/env";
import { parseKey } from "./secrets";

const HKDF_SALT = "roleta-premiada/cpf";
const HKDF_INFO = "hmac-sha256 v1";

// Whether a CPF is valid is decided by isCpf (lib/validation/public-rules.ts, with the check digits
// of @brazilian-utils/brazilian-utils), which the spin's schema runs before anything here.
const cpfDigits = (s: string) => s.replace(/\D/g, "");

// Derived once per source: HKDF on every spin cost ~50 us of the server's one thread (bench:spin's
// profile, docs/decisions/performance.md "The spin's third round trip").
let derived: { source: string; key: Buffer } | null = null;

function cpfKey(): Buffer {
  const configured = env().CPF_HASH_KEY;
  const source = configured ? `key:${configured}` : `secret:${authSecret()}`;
  if (derived?.source !== source)
    derived = {
      source,
      key: configured ? parseKey(configured) : Buffer.from(hkdfSync("sha256", authSecret(), HKDF_SALT, HKDF_INFO, 32)),
    };
  return derived.key;
}

/** What a spin keeps of a valid CPF: its keyed hash (hex) and its last two digits. */
export function protectCpf(cpf: string): { hash: string; last2: string } {
  const digits = cpfDigits(cpf);
  return { hash: createHmac("sha256", cpfKey()).update(digits).digest("hex"), last2: digits.slice(-2) };
}
