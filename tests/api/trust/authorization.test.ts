// Route inventory + authorization matrix: every route x method x actor x (own company, other company)
// against the real handlers and database. Expected statuses come from the permission table.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { can } from "@/lib/auth/permissions";
import { resetEnvCache } from "@/lib/env";
import { call } from "../../helpers/http";
import { ACTORS, createTenant, type ActorName, type Tenant } from "./actors";
import { CHECKED_IN_BROWSER, closeFakes, SCENARIOS, WEBHOOK_SECRET, type Scenario } from "./matrix";
import { loadRoutes } from "./route-files";

const key = (s: { route: string; method: string }) => `${s.method} ${s.route}`;

function expectedStatus(s: Scenario, actor: ActorName, other: boolean): number {
  const allowed =
    s.access === "public" ? true : actor !== "anonymous" && (s.access === "session" || can(actor, s.access));
  if (s.access !== "public" && actor === "anonymous") return 401;
  if (!allowed) return 403;
  return other ? (s.other?.status ?? 404) : s.ok;
}

const cells = SCENARIOS.flatMap((s) =>
  ACTORS.flatMap((actor) => [false, ...(s.other ? [true] : [])].map((other) => ({ s, actor, other }))),
);

const routes = loadRoutes();
let A: Tenant;
let B: Tenant;
const saved = { secret: process.env.PAYMENT_WEBHOOK_SECRET, checkout: process.env.CHECKOUT_URL_PRO };

beforeAll(async () => {
  process.env.PAYMENT_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.CHECKOUT_URL_PRO = "https://pay.kiwify.com.br/Matriz";
  // env() is cached per process, and a worker's earlier test files may have read it already.
  resetEnvCache();
  [A, B] = [await createTenant("Empresa A"), await createTenant("Empresa B")];
});

// Assigning undefined to process.env stores the string "undefined": delete instead. (A worker's
// later test files see this environment; tests/helpers/setup.ts.)
const restore = (name: string, value: string | undefined) =>
  value === undefined ? delete process.env[name] : (process.env[name] = value);

afterAll(async () => {
  restore("PAYMENT_WEBHOOK_SECRET", saved.secret);
  restore("CHECKOUT_URL_PRO", saved.checkout);
  resetEnvCache();
  await closeFakes();
});

describe("route inventory", () => {
  it("every route handler has its row in the matrix, and every row names a real handler", async () => {
    const handlers = (await routes).map(key).sort();
    const rows = [...SCENARIOS, ...CHECKED_IN_BROWSER].map(key).sort();
    expect(new Set(rows).size, "a route x method appears twice in the matrix").toBe(rows.length);
    expect(rows).toEqual(handlers);
  });
});

describe("authorization matrix", () => {
  it("holds the expected number of cells", () => {
    // 142 route x method rows (12 from issue 51's installs, 1 its storefront choice, 11 of
    // experiments, issue 52, 4 of the marketing tools, issue 54); 5 actors each (the attendant
    // since issue 41); 76 rows also have a cross-company cell.
    expect(SCENARIOS.length).toBe(142);
    expect(cells.length).toBe(142 * 5 + 76 * 5);
  });

  it.each(
    cells.map((c) => [`${key(c.s)} as ${c.actor} on ${c.other ? "the other company" : "its own company"}`, c] as const),
  )("%s", async (_, { s, actor, other }) => {
    const handler = (await routes).find((r) => key(r) === key(s))!.handler;
    const built = await s.build({ target: other ? B : A, home: A, actor });
    const token = actor === "anonymous" ? undefined : (built.token ?? A.tokens[actor]);
    const before = await built.snapshot?.();
    const res = await call(handler as never, { method: s.method, ...built, token });
    const want = expectedStatus(s, actor, other);
    expect(res.status, res.text.slice(0, 300)).toBe(want);
    expect(res.text).not.toMatch(/\bat .+\.(ts|js):\d+|prisma|SELECT |INSERT |Error:/i);
    if (res.status >= 400 && res.headers.get("content-type")?.includes("json")) {
      expect(typeof res.body.error, "a 4xx carries a pt-BR error").toBe("string");
    }
    if (other && want === s.other?.status && s.other.check) s.other.check(res.body);
    // Refused or cross-company: the resource is exactly as it was.
    if (built.snapshot && (other || res.status >= 400)) expect(await built.snapshot()).toEqual(before);
  });
});
