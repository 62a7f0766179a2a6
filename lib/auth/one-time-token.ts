// Secrets sent by email (password resets, invitations): 32 random bytes, of which only a SHA-256
// hash is stored, so a copy of the database opens nothing.
import { createHash, randomBytes } from "node:crypto";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function newOneTimeToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}
