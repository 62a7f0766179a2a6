// APP_URL (issue 24, item 5): in development it defaults to the origin the server listens on
// (PORT), so e-mails, QR codes, posters and source links follow `PORT=3400 npm run dev`; in
// production it is required, with a clear error at start.
import { afterEach, describe, expect, it } from "vitest";
import { APP_URL_REQUIRED, assertServerEnv, env, resetEnvCache } from "@/lib/env";
import { publicWheelUrl } from "@/lib/wheels/public-url";

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

describe("APP_URL", () => {
  it("defaults to the port the server listens on in development", () => {
    withEnv({ NODE_ENV: "development", APP_URL: undefined, PORT: "3400" });
    expect(env().APP_URL).toBe("http://localhost:3400");
    expect(publicWheelUrl("loja", "natal")).toBe("http://localhost:3400/w/loja/natal");
    expect(() => assertServerEnv()).not.toThrow();
  });

  it("falls back to Next's port 3000 without PORT, and an empty APP_URL counts as unset", () => {
    withEnv({ NODE_ENV: "development", APP_URL: "", PORT: undefined });
    expect(env().APP_URL).toBe("http://localhost:3000");
  });

  it("wins over PORT when set", () => {
    withEnv({ NODE_ENV: "development", APP_URL: "https://roleta.example.com", PORT: "3400" });
    expect(env().APP_URL).toBe("https://roleta.example.com");
  });

  it("is required at a production server's start, not during the build", () => {
    withEnv({ NODE_ENV: "production", APP_URL: undefined, PORT: "8080", NEXT_PHASE: undefined });
    expect(() => assertServerEnv()).toThrow(`APP_URL: ${APP_URL_REQUIRED}`);
    withEnv({ NEXT_PHASE: "phase-production-build" });
    expect(() => assertServerEnv()).not.toThrow();
    withEnv({ NEXT_PHASE: undefined, APP_URL: "https://roleta.example.com" });
    expect(() => assertServerEnv()).not.toThrow();
  });
});
