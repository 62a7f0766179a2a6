// A request's name in the access log and the metrics (lib/http/route-pattern.ts): the pattern Next
// would route it to, with Next's precedence, and its group; never the path's own values.
import { describe, expect, it } from "vitest";
import { routeGroup, routePattern } from "@/lib/http/route-pattern";

describe("routePattern", () => {
  it.each([
    ["/", "/"],
    ["/admin/wheels/nova", "/admin/wheels/nova"],
    ["/admin/wheels/3f1c", "/admin/wheels/[id]"],
    ["/api/wheels/spins/all", "/api/wheels/spins/all"],
    ["/api/wheels/abc/spins", "/api/wheels/[id]/spins"],
    ["/api/products/upload/direct", "/api/products/upload/direct"],
    ["/api/products/upload/u1", "/api/products/upload/[id]"],
    ["/uploads/co/2026/a.png", "/uploads/[...key]"],
    ["/w/loja/roleta/premio/PRZ-1234/lembretes", "/w/[companySlug]/[slug]/premio/[code]/lembretes"],
    ["/convite/tok_secret", "/convite/[token]"],
    ["/api/auth/callback/credentials", "/api/auth/[...nextauth]"],
    ["/api/auth/login", "/api/auth/login"],
    ["/icon.svg", "/icon.svg"],
    ["/_next/static/chunks/a.js", "/_next/*"],
    ["/nada/aqui", "(unmatched)"],
    ["/api/nada", "/api/(unmatched)"],
    ["/w/%E0%A4%A/x", "(unmatched)"],
  ])("%s is %s", (path, pattern) => {
    expect(routePattern(path)).toBe(pattern);
  });
});

describe("routeGroup", () => {
  it.each([
    ["/api/public/[companySlug]/wheels/[wheel]/spin", "public"],
    ["/api/webhooks/stores/[key]", "webhooks_in"],
    ["/api/health/ready", "health"],
    ["/api/metrics", "health"],
    ["/api/cron/webhooks", "admin_api"],
    ["/api/(unmatched)", "admin_api"],
    ["/w/[companySlug]/[slug]", "pages"],
    ["/_next/*", "pages"],
  ])("%s is %s", (pattern, group) => {
    expect(routeGroup(pattern)).toBe(group);
  });
});
