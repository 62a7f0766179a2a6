// The short nonce the visitor's pre-filled WhatsApp message carries: 6 characters of an alphabet
// without look-alikes (no 0/O, 1/I/L), so it survives being read aloud or retyped.
import "server-only";
import { randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export const NONCE_PATTERN = /\b[A-HJKMNP-Z2-9]{6}\b/g;

export const newNonce = () => Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

/** A 6-digit code for the authentication template. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");
