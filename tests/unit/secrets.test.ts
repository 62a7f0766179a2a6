import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "@/lib/env";
import { protectCpf } from "@/lib/security/cpf";
import {
  decryptSecret,
  derivedKey,
  encryptSecret,
  needsRotation,
  parseKey,
  SecretError,
  secretHint,
} from "@/lib/security/secrets";

const saved = { ...process.env };
afterEach(() => {
  for (const k of ["APP_ENCRYPTION_KEY", "APP_ENCRYPTION_KEY_PREVIOUS", "NEXTAUTH_SECRET", "CPF_HASH_KEY"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetEnvCache();
});

const newKey = () => randomBytes(32).toString("base64");

/** Sets the variables as a deployment would, and has lib/env read them again. */
function withEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

/** Flips one character of a base64url part (index 2 iv, 3 body, 4 tag). */
function tamper(token: string, part: number) {
  const parts = token.split(".");
  const s = parts[part];
  parts[part] = (s[0] === "A" ? "B" : "A") + s.slice(1);
  return parts.join(".");
}

describe("secrets at rest", () => {
  it("round-trips with a versioned format and a fresh IV each time", () => {
    withEnv({ APP_ENCRYPTION_KEY: newKey() });
    const a = encryptSecret("shpat_0123456789abcdef", "store:1:token");
    const b = encryptSecret("shpat_0123456789abcdef", "store:1:token");
    expect(a).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("shpat");
    expect(decryptSecret(a, "store:1:token")).toBe("shpat_0123456789abcdef");
  });

  it("refuses a tampered IV, body or tag, another context and an unknown format", () => {
    withEnv({ APP_ENCRYPTION_KEY: newKey() });
    const t = encryptSecret("segredo", "ctx");
    for (const part of [2, 3, 4]) expect(() => decryptSecret(tamper(t, part), "ctx")).toThrow(SecretError);
    expect(() => decryptSecret(t, "other")).toThrow(SecretError);
    expect(() => decryptSecret(t.replace(/^v1/, "v9"), "ctx")).toThrow(SecretError);
    expect(() => decryptSecret("segredo", "ctx")).toThrow(SecretError);
  });

  it("rotates: an old key in APP_ENCRYPTION_KEY_PREVIOUS still decrypts, and is flagged", () => {
    const oldKey = newKey();
    withEnv({ APP_ENCRYPTION_KEY: oldKey });
    const t = encryptSecret("antigo");
    withEnv({ APP_ENCRYPTION_KEY: newKey() });
    expect(() => decryptSecret(t)).toThrow(/not configured/);
    withEnv({ APP_ENCRYPTION_KEY_PREVIOUS: oldKey });
    expect(decryptSecret(t)).toBe("antigo");
    expect(needsRotation(t)).toBe(true);
    expect(needsRotation(encryptSecret("novo"))).toBe(false);
  });

  it("derives the key from NEXTAUTH_SECRET with HKDF when no key is set", () => {
    withEnv({ APP_ENCRYPTION_KEY: undefined, NEXTAUTH_SECRET: "a-session-secret-of-enough-length" });
    const t = encryptSecret("derivado");
    expect(decryptSecret(t)).toBe("derivado");
    expect(derivedKey("a-session-secret-of-enough-length")).toHaveLength(32);
    expect(derivedKey("x")).not.toEqual(derivedKey("y"));
    // Another session secret cannot read it.
    withEnv({ NEXTAUTH_SECRET: "another-session-secret-0123456789" });
    expect(() => decryptSecret(t)).toThrow(SecretError);
  });

  it("accepts hex or base64 keys of 32 bytes only, and shows only the last 4", () => {
    expect(parseKey("ab".repeat(32))).toHaveLength(32);
    expect(() => parseKey("short")).toThrow(SecretError);
    expect(secretHint("consumer_secret_1234")).toEqual({ configured: true, last4: "1234" });
  });

  it("checks the keys at start: a malformed one names itself, an empty one counts as unset", () => {
    withEnv({ CPF_HASH_KEY: "short" });
    expect(() => env()).toThrow(/CPF_HASH_KEY: must be 32 bytes/);
    withEnv({
      CPF_HASH_KEY: "",
      APP_ENCRYPTION_KEY: "ab".repeat(32),
      APP_ENCRYPTION_KEY_PREVIOUS: ` ${newKey()} , ${newKey()} `,
    });
    expect(env().CPF_HASH_KEY).toBeUndefined();
    expect(env().APP_ENCRYPTION_KEY_PREVIOUS).toHaveLength(2);
    withEnv({ APP_ENCRYPTION_KEY_PREVIOUS: `${newKey()},nope` });
    expect(() => env()).toThrow(/APP_ENCRYPTION_KEY_PREVIOUS/);
    withEnv({ APP_ENCRYPTION_KEY_PREVIOUS: undefined, APP_ENCRYPTION_KEY: "x".repeat(44) });
    expect(() => env()).toThrow(/APP_ENCRYPTION_KEY: must be 32 bytes/);
  });

  it("hashes CPFs under CPF_HASH_KEY when set, and under the session secret otherwise", () => {
    withEnv({ CPF_HASH_KEY: undefined, NEXTAUTH_SECRET: "a-session-secret-of-enough-length" });
    const derived = protectCpf("529.982.247-25");
    expect(derived).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), last2: "25" });
    expect(protectCpf("52998224725").hash).toBe(derived.hash);
    withEnv({ CPF_HASH_KEY: newKey() });
    const keyed = protectCpf("52998224725").hash;
    expect(keyed).not.toBe(derived.hash);
    withEnv({ CPF_HASH_KEY: newKey() });
    expect(protectCpf("52998224725").hash).not.toBe(keyed);
  });
});
