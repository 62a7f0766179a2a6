// Password hashing with bcrypt (cost 12). bcrypt silently ignores bytes past 72, so longer
// passwords are refused by validation (lib/validation/common.ts) instead of being cut.
import bcrypt from "bcrypt";
import { env } from "@/lib/env";

const COST = env().NODE_ENV === "test" ? 4 : 12;

export const hashPassword = (plain: string) => bcrypt.hash(plain, COST);
export const verifyPassword = (plain: string, hash: string) => bcrypt.compare(plain, hash);

// A real hash to compare against when the account does not exist, so both paths take as long.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash() {
  dummyHash ??= bcrypt.hash("no-such-account-password", COST);
  return dummyHash;
}
