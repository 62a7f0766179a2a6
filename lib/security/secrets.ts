// Secrets at rest (docs/decisions/stores.md "Unique codes"): store tokens, WhatsApp and RD Station keys are
// kept encrypted with AES-256-GCM and never returned by the API. The key is APP_ENCRYPTION_KEY (32
// bytes, base64 or hex), else derived from NEXTAUTH_SECRET with HKDF-SHA256, so a deployment with
// only the session secret works. A ciphertext names its format version and the key that made it:
//
//   v1.<key id>.<iv>.<ciphertext>.<tag>      (base64url parts; key id = 8 hex of SHA-256(key))
//
// Rotation (docs/decisions/stores.md "Unique codes"): set the new key as APP_ENCRYPTION_KEY and
// the old one in APP_ENCRYPTION_KEY_PREVIOUS (comma-separated for several); values still decrypt,
// and `needsRotation` tells which to re-encrypt. The optional context (e.g. "store:<id>:token") is
// authenticated data: a ciphertext copied to another row or field does not decrypt there.
import "server-only";
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { authSecret, env } from "@/lib/env";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_SALT = "roleta-premiada/secrets";
const HKDF_INFO = "aes-256-gcm v1";

export class SecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretError";
  }
}

interface Key {
  id: string;
  bytes: Buffer;
}

/** A key from the environment: 32 bytes as base64 (44 characters) or hex (64). */
export function parseKey(value: string): Buffer {
  const v = value.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, "hex") : Buffer.from(v, "base64");
  if (bytes.length !== 32) throw new SecretError("APP_ENCRYPTION_KEY must be 32 bytes, base64 or hex");
  return bytes;
}

/** The key derived from the session secret when no APP_ENCRYPTION_KEY is set. */
export const derivedKey = (secret: string) => Buffer.from(hkdfSync("sha256", secret, HKDF_SALT, HKDF_INFO, 32));

const keyOf = (bytes: Buffer): Key => ({ id: createHash("sha256").update(bytes).digest("hex").slice(0, 8), bytes });

/** The current key first, then the previous ones (lib/env.ts has checked their shape). */
function keys(): Key[] {
  const { APP_ENCRYPTION_KEY: current, APP_ENCRYPTION_KEY_PREVIOUS: previous } = env();
  return [current ? parseKey(current) : derivedKey(authSecret()), ...previous.map(parseKey)].map(keyOf);
}

const b64 = (b: Buffer) => b.toString("base64url");

export function encryptSecret(plain: string, context = ""): string {
  const [key] = keys();
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key.bytes, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, key.id, b64(iv), b64(body), b64(cipher.getAuthTag())].join(".");
}

export function decryptSecret(token: string, context = ""): string {
  const parts = token.split(".");
  if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretError("Unknown secret format");
  const [, keyId, iv, body, tag] = parts;
  const key = keys().find((k) => k.id === keyId);
  if (!key) throw new SecretError("The secret was encrypted with a key that is not configured");
  const ivBytes = Buffer.from(iv, "base64url");
  const tagBytes = Buffer.from(tag, "base64url");
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new SecretError("Malformed secret");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.bytes, ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretError("The secret does not decrypt: altered, or another context or key");
  }
}

/** True when the value was made with a previous key (re-encrypt it with encryptSecret). */
export function needsRotation(token: string): boolean {
  return token.split(".")[1] !== keys()[0].id;
}

/** What the API may show of a secret: that it is set, and its last 4 characters. */
export const secretHint = (plain: string) => ({ configured: true, last4: plain.slice(-4) });
