// A source's key: 8 URL-safe characters from an alphabet without look-alikes (docs/api.md allows 6..12),
// drawn with cryptographic randomness so keys of one wheel cannot be guessed from another's.
import { randomInt } from "node:crypto";

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const KEY_LENGTH = 8;

export function newSourceKey(): string {
  return Array.from({ length: KEY_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}
