// Claim pages look a prize up by its code: 60 look-ups a minute per address, then 429 (docs/api.md
// "The prize is never lost"), so nobody walks the code space from one address. The page is
// answered by proxy.ts first, which is where a page can still be refused with a status.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { randomIp } from "../helpers/http";

const visit = (path: string, ip: string) =>
  proxy(new NextRequest(new URL(path, "http://localhost:3000"), { headers: { "x-forwarded-for": ip } }));

describe("claim page look-ups", () => {
  it("answers 60 a minute per address; the 61st is 429 with Retry-After and the security headers", async () => {
    const ip = randomIp();
    for (let i = 0; i < 60; i++) {
      const res = await visit(`/w/loja-${i % 3}/roleta/premio/CODE${String(i).padStart(4, "0")}`, ip);
      expect(res.status, `look-up ${i + 1}`).not.toBe(429);
    }
    const refused = await visit("/w/loja-0/roleta/premio/ZZZZ9999", ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toBe("Muitas tentativas. Aguarde alguns minutos e tente novamente.");
    expect(refused.headers.get("content-security-policy")).toContain("frame-ancestors");
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
    // Another address, and other pages from this one, are not held back.
    expect((await visit("/w/loja-0/roleta/premio/ZZZZ9999", randomIp())).status).not.toBe(429);
    expect((await visit("/w/loja-0/roleta", ip)).status).not.toBe(429);
    expect((await visit("/w/loja-0/roleta/regulamento", ip)).status).not.toBe(429);
  });
});
