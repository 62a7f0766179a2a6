// The spin's Idempotency-Key (docs/api.md "The prize is never lost (issue 13)"): a retried spin answers from the
// row its first attempt created. The key and a hash of the request are stored with the spin; the
// partial unique index (wheelId, idempotencyKey) makes a concurrent repeat wait for the first and
// then fail, so it never records a second lead.
import { hash } from "node:crypto";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { SpinInput } from "@/lib/validation/public";

/** 1..255 visible ASCII characters. */
const KEY = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalid: "O cabeçalho Idempotency-Key deve ter de 1 a 255 caracteres visíveis (ASCII).",
  mismatch: "Esta chave de idempotência já foi usada com outros dados.",
  inProgress: "Seu giro ainda está sendo processado. Tente novamente em instantes.",
  erased: "Os dados deste giro foram apagados a pedido do titular (LGPD).",
} as const;

/** The header's key, null when absent; 400 when malformed. */
export function idempotencyKey(headers: Headers): string | null {
  const key = headers.get("idempotency-key");
  if (key === null) return null;
  if (!KEY.test(key)) throw new AppError("BAD_REQUEST", IDEMPOTENCY_MESSAGES.invalid);
  return key;
}

/** SHA-256 of the parsed request, fields in a fixed order (a reordered JSON body is the same request). */
export function requestHash(input: SpinInput): string {
  const canonical = JSON.stringify([input.name, input.whatsapp, input.birthdate ?? null, input.consent]);
  // One-shot: no Hash object per spin.
  return hash("sha256", canonical, "hex");
}

export interface Idempotency {
  key: string;
  hash: string;
}

/**
 * The spin a key already made on this wheel, or null; 422 when it was made by another request; 410
 * ERASED when its person was erased (LGPD): the replay gives nothing back, and the key stays taken
 * so a retry cannot record the erased lead again.
 */
export async function spinForKey(wheelId: string, idem: Idempotency) {
  const prisma = await db();
  const found = await prisma.spin.findFirst({ where: { wheelId, idempotencyKey: idem.key } });
  if (found?.anonymizedAt) throw new AppError("ERASED", IDEMPOTENCY_MESSAGES.erased);
  if (found && found.requestHash !== idem.hash)
    throw new AppError("IDEMPOTENCY_MISMATCH", IDEMPOTENCY_MESSAGES.mismatch);
  return found;
}
