// Empty means unset (issue 50 #2): `.env.example` copied to `.env.local`, as its header says, leaves
// most variables empty (`NEXTAUTH_SECRET=`), and that stopped the start ("too small"). lib/env.ts
// drops empty values before validating, for every variable at once.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";

/** KEY=value lines of a dotenv file, as Next's loader reads them (no quotes in ours). */
function dotenv(file: string) {
  const vars: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) vars[m[1]] = m[2];
  }
  return vars;
}

describe("empty variables", () => {
  it("parse .env.example copied as is, each empty one at its default", () => {
    const vars = dotenv(path.join(import.meta.dirname, "../../.env.example"));
    expect(vars.NEXTAUTH_SECRET).toBe("");
    const e = parseEnv({ ...vars, NODE_ENV: "development" });
    expect(e.NEXTAUTH_SECRET).toBeUndefined();
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.SIGNUP).toBe("open");
  });

  it("count as unset for every kind of variable: strings, numbers, booleans, keys, enums", () => {
    const empty = {
      NEXTAUTH_SECRET: "",
      PG_POOL_SIZE: "",
      SIGNUP_LIMIT_PER_HOUR: " ",
      WEBHOOK_WORKER: "",
      TRUST_PROXY: "",
      APP_ENCRYPTION_KEY: "",
      APP_ENCRYPTION_KEY_PREVIOUS: "",
      LOG_LEVEL: "",
      REDIS_KEY_PREFIX: "",
      MAIL_FROM: "",
      SIGNUP: "",
      DEFAULT_PLAN: "",
      MAIL_TO_FILES: "",
    };
    const e = parseEnv(empty);
    expect([e.NEXTAUTH_SECRET, e.APP_ENCRYPTION_KEY, e.DEFAULT_PLAN]).toEqual([undefined, undefined, undefined]);
    expect(e).toMatchObject({
      PG_POOL_SIZE: 10,
      SIGNUP_LIMIT_PER_HOUR: 5,
      WEBHOOK_WORKER: true,
      TRUST_PROXY: false,
      APP_ENCRYPTION_KEY_PREVIOUS: [],
      LOG_LEVEL: "info",
      REDIS_KEY_PREFIX: "roleta",
      MAIL_FROM: "Roleta Premiada <no-reply@localhost>",
      SIGNUP: "open",
      MAIL_TO_FILES: false,
    });
  });

  it("still refuses a value that is set and wrong", () => {
    expect(() => parseEnv({ NEXTAUTH_SECRET: "short" })).toThrow(/NEXTAUTH_SECRET/);
    expect(() => parseEnv({ SIGNUP: "closed" })).toThrow(/SIGNUP/);
    expect(() => parseEnv({ DEFAULT_PLAN: "gold" })).toThrow(/DEFAULT_PLAN/);
  });
});
