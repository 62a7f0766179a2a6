// Redemption codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L),
// drawn with crypto randomness: 32^8 ≈ 10^12 possibilities, not guessable at a counter.
import { randomInt } from "node:crypto";

export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 8;

export function newRedemptionCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export const normalizeCode = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, "");

/** What a typed code may be stored as: ours normalised, or a pool/store code exactly (a-z, _ and -). */
export const codeCandidates = (s: string) => [...new Set([normalizeCode(s), s.trim()])].filter(Boolean);
