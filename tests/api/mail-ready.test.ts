// Production without SMTP (issue 50 #4; docs/api.md "Operations"): prize e-mails and password resets
// would only be written to DATA_DIR/outbox, which nobody reads, so readiness answers 503 naming
// "mail" until SMTP_URL is set, or MAIL_TO_FILES=true says the files are wanted. Development and
// tests keep the outbox folder.
import { afterEach, describe, expect, it } from "vitest";
import { GET as readyRoute } from "@/app/api/health/ready/route";
import { resetEnvCache } from "@/lib/env";
import { call } from "../helpers/http";

const saved = { NODE_ENV: process.env.NODE_ENV, SMTP_URL: process.env.SMTP_URL, MAIL_TO_FILES: undefined };

function withEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

afterEach(() => withEnv(saved));

describe("readiness and mail", () => {
  it("answers 503 naming mail in production without SMTP_URL", async () => {
    withEnv({ NODE_ENV: "production", SMTP_URL: undefined, MAIL_TO_FILES: undefined });
    const res = await call(readyRoute);
    expect(res.status, res.text).toBe(503);
    expect(res.body.code).toBe("UNAVAILABLE");
    expect(res.body.details.failing).toEqual(["mail"]);
    expect(res.body.details.checks).toMatchObject({ database: "ok", migrations: "ok", mail: "failing" });
  });

  it("is ready in production with SMTP_URL, or with MAIL_TO_FILES=true", async () => {
    withEnv({ NODE_ENV: "production", SMTP_URL: "smtp://mail.example.com:587", MAIL_TO_FILES: undefined });
    const smtp = await call(readyRoute);
    expect(smtp.status, smtp.text).toBe(200);
    expect(smtp.body.checks.mail).toBe("ok");
    withEnv({ SMTP_URL: undefined, MAIL_TO_FILES: "true" });
    const files = await call(readyRoute);
    expect(files.status, files.text).toBe(200);
    expect(files.body.checks.mail).toBe("not_configured");
  });

  it("keeps the outbox folder outside production", async () => {
    withEnv({ NODE_ENV: "test", SMTP_URL: undefined, MAIL_TO_FILES: undefined });
    const res = await call(readyRoute);
    expect(res.status, res.text).toBe(200);
    expect(res.body.checks.mail).toBe("not_configured");
  });
});
