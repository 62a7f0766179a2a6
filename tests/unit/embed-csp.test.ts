// Who may frame what (docs/decisions/embed.md "The embed"): the embed page by its
// wheel's origins, the public wheel pages and the preview by this site only, the rest by nobody;
// and the origin rule those lists are made of.
import { describe, expect, it } from "vitest";
import { buildCsp, securityHeaders } from "@/lib/security/headers";
import { couponLink, normalizeOrigin } from "@/lib/validation/embed";

const ancestors = (csp: string) => /frame-ancestors ([^;]+)/.exec(csp)![1];

describe("embed framing", () => {
  it("frame-ancestors: embed by its list, /w/ and the preview by this site, others none", () => {
    expect(ancestors(buildCsp("n", "/embed/loja/natal", false, "'self' https://loja.com.br"))).toBe(
      "'self' https://loja.com.br",
    );
    expect(ancestors(buildCsp("n", "/embed/loja/natal", false, "*"))).toBe("*");
    expect(ancestors(buildCsp("n", "/embed/loja/natal", false))).toBe("'self'");
    expect(ancestors(buildCsp("n", "/w/loja/natal", false))).toBe("'self'");
    expect(ancestors(buildCsp("n", "/embed-preview", false))).toBe("'self'");
    expect(ancestors(buildCsp("n", "/admin", false))).toBe("'none'");
    expect(securityHeaders("/embed/loja/natal", true)["X-Frame-Options"]).toBeUndefined();
    expect(securityHeaders("/w/loja/natal", true)["X-Frame-Options"]).toBe("SAMEORIGIN");
    expect(securityHeaders("/login", true)["X-Frame-Options"]).toBe("DENY");
  });

  it("origins: https host[:port], http only on loopback, nothing else", () => {
    expect(normalizeOrigin(" HTTPS://Loja.COM.br:443/ ")).toBe("https://loja.com.br");
    expect(normalizeOrigin("https://loja.com.br:8443")).toBe("https://loja.com.br:8443");
    expect(normalizeOrigin("http://localhost:3214")).toBe("http://localhost:3214");
    expect(normalizeOrigin("http://127.0.0.1:3214")).toBe("http://127.0.0.1:3214");
    for (const bad of ["http://loja.com.br", "https://loja.com.br/x", "https://*.loja.com.br", "ftp://loja.com.br"])
      expect(normalizeOrigin(bad), bad).toBeNull();
    expect(couponLink("https://l.com/d/{code}?c={code}", "AB 1")).toBe("https://l.com/d/AB%201?c=AB%201");
  });
});
