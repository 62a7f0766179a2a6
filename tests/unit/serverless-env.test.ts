// Serverless defaults and refusals (issue 50, item 7; docs/decisions/operations.md "Self-hosting and
// serverless (issue 50)"): on Vercel (VERCEL set) the in-process worker is off unless asked for, a
// big screen's stream ends before the function's limit, and a start without Blob, SMTP or Postgres
// is refused with the reason; elsewhere nothing changes. And .env.example, passed whole to the app
// as docker-compose.yml's env_file does (empty values included), is a valid environment.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache, VERCEL_STREAM_MAX_SECONDS } from "@/lib/env";
import { assertServerlessEnv, serverlessProblems } from "@/lib/health/serverless";

const saved = { ...process.env };

function withEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

const VERCEL_READY = {
  VERCEL: "1",
  NEXT_PHASE: undefined,
  DATABASE_URL: "postgresql://u:p@db.example.com:5432/roleta",
  BLOB_READ_WRITE_TOKEN: "vercel_blob_rw_x_y",
  SMTP_URL: "smtps://u:p@smtp.example.com:465",
};

describe("WEBHOOK_WORKER", () => {
  it("is on by default outside Vercel, off by default on Vercel", () => {
    withEnv({ VERCEL: undefined, WEBHOOK_WORKER: undefined });
    expect(env().WEBHOOK_WORKER).toBe(true);
    withEnv({ VERCEL: "1" });
    expect(env().WEBHOOK_WORKER).toBe(false);
    withEnv({ WEBHOOK_WORKER: "" });
    expect(env().WEBHOOK_WORKER).toBe(false);
  });

  it("follows an explicit value either way", () => {
    withEnv({ VERCEL: "1", WEBHOOK_WORKER: "true" });
    expect(env().WEBHOOK_WORKER).toBe(true);
    withEnv({ VERCEL: undefined, WEBHOOK_WORKER: "false" });
    expect(env().WEBHOOK_WORKER).toBe(false);
    withEnv({ WEBHOOK_WORKER: "0" });
    expect(env().WEBHOOK_WORKER).toBe(false);
    withEnv({ WEBHOOK_WORKER: "1" });
    expect(env().WEBHOOK_WORKER).toBe(true);
  });
});

describe("STREAM_MAX_SECONDS", () => {
  it("is no limit by default, under the 300 s function limit on Vercel, and takes a value", () => {
    withEnv({ VERCEL: undefined, STREAM_MAX_SECONDS: undefined });
    expect(env().STREAM_MAX_SECONDS).toBe(0);
    withEnv({ VERCEL: "1" });
    expect(env().STREAM_MAX_SECONDS).toBe(VERCEL_STREAM_MAX_SECONDS);
    expect(VERCEL_STREAM_MAX_SECONDS).toBeLessThan(300);
    withEnv({ STREAM_MAX_SECONDS: "" });
    expect(env().STREAM_MAX_SECONDS).toBe(VERCEL_STREAM_MAX_SECONDS);
    withEnv({ STREAM_MAX_SECONDS: "50" });
    expect(env().STREAM_MAX_SECONDS).toBe(50);
    withEnv({ STREAM_MAX_SECONDS: "-1" });
    expect(() => env()).toThrow(/STREAM_MAX_SECONDS/);
  });
});

describe("a Vercel function's start", () => {
  it("is refused without Blob, naming BLOB_READ_WRITE_TOKEN", () => {
    withEnv({ ...VERCEL_READY, BLOB_READ_WRITE_TOKEN: undefined });
    expect(() => assertServerlessEnv()).toThrow(
      /BLOB_READ_WRITE_TOKEN: uploads would go to the function's read-only disk/,
    );
  });

  it("is refused without SMTP (an empty value counts as unset), naming SMTP_URL", () => {
    withEnv({ ...VERCEL_READY, SMTP_URL: "" });
    expect(() => assertServerlessEnv()).toThrow(/SMTP_URL: e-mails would go to files on the function's read-only disk/);
  });

  it("is refused on the embedded database, and lists every missing setting at once", () => {
    withEnv({
      VERCEL: "1",
      NEXT_PHASE: undefined,
      DATABASE_URL: undefined,
      BLOB_READ_WRITE_TOKEN: "",
      SMTP_URL: undefined,
    });
    expect(serverlessProblems(env()).map((p) => p.split(":")[0])).toEqual([
      "BLOB_READ_WRITE_TOKEN",
      "SMTP_URL",
      "DATABASE_URL",
    ]);
  });

  it("passes with Blob, SMTP and Postgres; the build and other hosts are never refused", () => {
    withEnv(VERCEL_READY);
    expect(() => assertServerlessEnv()).not.toThrow();
    withEnv({ BLOB_READ_WRITE_TOKEN: undefined, SMTP_URL: undefined, NEXT_PHASE: "phase-production-build" });
    expect(() => assertServerlessEnv()).not.toThrow();
    withEnv({ VERCEL: undefined, NEXT_PHASE: undefined });
    expect(() => assertServerlessEnv()).not.toThrow();
  });
});

describe(".env.example, as docker-compose.yml passes it", () => {
  it("is a valid environment with its empty values, once compose's required settings are given", () => {
    const vars: Record<string, string> = {};
    for (const line of readFileSync(".env.example", "utf8").split("\n")) {
      const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      if (m) vars[m[1]] = m[2].replace(/^"(.*)"$/, "$1");
    }
    expect(Object.keys(vars).length).toBeGreaterThan(40);
    // Replace the whole environment: what a container would hold.
    process.env = {
      ...vars,
      NODE_ENV: "production",
      DATABASE_URL: "postgresql://roleta:p@postgres:5432/roleta",
      APP_URL: "https://roleta.example.com",
      NEXTAUTH_URL: "https://roleta.example.com",
      NEXTAUTH_SECRET: "0123456789abcdef0123456789abcdef",
      APP_ENCRYPTION_KEY: "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=",
      DATA_DIR: "/app/data",
      MIGRATE_ON_START: "false",
    } as NodeJS.ProcessEnv;
    resetEnvCache();
    const e = env();
    expect(e.APP_URL).toBe("https://roleta.example.com");
    expect(e.APP_ENCRYPTION_KEY_PREVIOUS).toEqual([]);
    expect(e.WEBHOOK_WORKER).toBe(true);
  });
});
