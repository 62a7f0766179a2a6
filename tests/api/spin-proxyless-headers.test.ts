// The visitor's spin skips proxy.ts (lib/http/proxy-scope.ts: its cost), so the route wrapper gives its
// answers the proxy's headers: a CSP, nosniff, no framing, and the request id a trusted proxy sent or a new one.
import { afterEach, describe, expect, it } from "vitest";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { resetEnvCache } from "@/lib/env";
import { campaignWheel, newPhone } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

const trustProxy = process.env.TRUST_PROXY;
afterEach(() => {
  process.env.TRUST_PROXY = trustProxy;
  resetEnvCache();
});

const spinAt = (c: TestCompany, wheel: string, headers: Record<string, string>, body: Record<string, unknown>) =>
  call(spinRoute, {
    url: `/api/public/${c.slug}/wheels/${wheel}/spin`,
    params: { companySlug: c.slug, wheel },
    body: { consent: true, ...body },
    headers,
  });

describe("the spin's answers without the proxy", () => {
  it("carry the security headers and a request id, on a win and on a refusal", async () => {
    const c = await createCompany("Loja Cabeçalhos");
    const { wheel } = await campaignWheel(c, {}, [{ stock: 5 }]);
    const won = await spinAt(c, wheel.slug, {}, { name: "Ana", whatsapp: newPhone() });
    const refused = await spinAt(c, wheel.slug, {}, { name: "", whatsapp: "1" });
    expect(won.status).toBe(201);
    expect(refused.status).toBe(400);
    for (const res of [won, refused]) {
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(won.headers.get("x-request-id")).not.toBe(refused.headers.get("x-request-id"));
  });

  it("keep a trusted proxy's X-Request-Id and ignore anyone else's", async () => {
    const c = await createCompany("Loja Id");
    const { wheel } = await campaignWheel(c, {}, [{ stock: 5 }]);
    const sent = { "x-request-id": "balancer-req-12345678" };
    process.env.TRUST_PROXY = "true";
    resetEnvCache();
    const trusted = await spinAt(c, wheel.slug, sent, { name: "Bia", whatsapp: newPhone() });
    expect(trusted.status).toBe(201);
    expect(trusted.headers.get("x-request-id")).toBe("balancer-req-12345678");
    // Only 10.9.9.9 is a proxy now: this request's socket is not it, so its id is not taken.
    process.env.TRUST_PROXY = "10.9.9.9";
    resetEnvCache();
    const other = await spinAt(c, wheel.slug, sent, { name: "Caio", whatsapp: newPhone() });
    expect(other.status).toBe(201);
    expect(other.headers.get("x-request-id")).not.toBe("balancer-req-12345678");
    expect(other.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
