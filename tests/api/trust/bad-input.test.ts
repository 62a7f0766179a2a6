// Bad input, property-based (fast-check), over every route that reads a JSON body or a query string:
// malformed JSON, wrong types, huge strings, null bytes and unicode edge cases always get a 4xx with a
// pt-BR `error`, never a 5xx, a stack trace, SQL text or one of zod's English defaults.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as webhookRoute } from "@/app/api/webhooks/payments/route";
import { sign } from "@/lib/billing/kiwify";
import { call, type CallResult } from "../../helpers/http";
import { createTenant, type Tenant } from "./actors";
import { closeFakes, SCENARIOS, WEBHOOK_SECRET, type Built, type Scenario } from "./matrix";
import { loadRoutes } from "./route-files";

const RUNS = 30;
const LEAKS =
  /\bat .+\.(ts|js):\d+|prisma|SELECT |INSERT |UPDATE "|syntax error|Error:|Invalid input|expected \w+, received|\bRequired\b/i;

/** Strings that have broken servers: null bytes, lone surrogates, RTL marks, emoji, huge text. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\ud800",
    "\udfff x",
    "\u202e\u0000",
    "💥🎡",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "=cmd|' /C calc'!A0",
    "../../etc/passwd",
  ),
  fc.nat({ max: 200_000 }).map((n) => "x".repeat(n)),
);
const anyValue = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(nasty, nasty, { maxKeys: 3 }),
);
const malformed = fc.oneof(
  fc.constantFrom("{", "{'a':1}", '{"name":', "[1,2", "nul", "\u0000", '{"a":"\\ud800"', "{}}"),
  // Not JSON, and not blank (an empty body reads as {}: a no-op for partial updates).
  fc.string().filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return s.trim() !== "";
    }
  }),
);
const wrongTop = fc.oneof(
  fc.integer(),
  fc.string(),
  fc.boolean(),
  fc.constant(null),
  fc.array(anyValue, { maxLength: 3 }),
);

/** The valid body with some of its own fields replaced by anything. */
const mangled = (valid: Record<string, unknown>) =>
  fc
    .record(Object.fromEntries(Object.keys(valid).map((k) => [k, fc.option(anyValue, { nil: undefined })])))
    .map((r) => ({ ...valid, ...r }));

function assertClean(res: CallResult, strict: boolean) {
  expect(res.status, res.text.slice(0, 300)).toBeLessThan(500);
  if (strict) expect(res.status, res.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(res.text.slice(0, 2000)).not.toMatch(LEAKS);
  if (res.status >= 400) {
    const error = (res.body as { error?: unknown }).error;
    expect(typeof error, res.text.slice(0, 300)).toBe("string");
    expect(String(error).length).toBeGreaterThan(0);
  }
}

let A: Tenant;
const routes = loadRoutes();
beforeAll(async () => {
  process.env.PAYMENT_WEBHOOK_SECRET = WEBHOOK_SECRET;
  A = await createTenant("Empresa Fuzz");
});
afterAll(closeFakes);

async function prepare(s: Scenario): Promise<{ built: Built; handler: never }> {
  const handler = (await routes).find((r) => r.method === s.method && r.route === s.route)!.handler as never;
  return { built: await s.build({ target: A, home: A, actor: "owner" }), handler };
}

// Every route that reads a JSON body (DELETEs but the codes' one, uploads and sign-out read none;
// the webhook has its own test).
const NO_JSON_BODY = [
  "/api/webhooks/payments",
  "/api/webhooks/whatsapp/[key]",
  "/api/webhooks/stores/[key]",
  "/api/auth/logout",
  // Starting and stopping an experiment take no input.
  "/api/experiments/[id]/start",
  "/api/experiments/[id]/stop",
];
const DELETE_WITH_BODY = ["/api/products/[id]/codes"];
const jsonRows = SCENARIOS.filter(
  (s) =>
    s.method !== "GET" &&
    (s.method !== "DELETE" || DELETE_WITH_BODY.includes(s.route)) &&
    !NO_JSON_BODY.includes(s.route) &&
    !s.route.includes("/upload"),
);
// The OpenAPI document reads no input, and its text says "required" by design (a leak elsewhere).
const queryRows = SCENARIOS.filter((s) => s.method === "GET" && s.route !== "/api/openapi.json");

describe("bad JSON bodies", () => {
  it("covers every JSON route", () => expect(jsonRows.length).toBe(59));

  it.each(jsonRows.map((s) => [`${s.method} ${s.route}`, s] as const))("%s", async (_, s) => {
    const { built, handler } = await prepare(s);
    const valid = (built.body ?? {}) as Record<string, unknown>;
    const send = (rawBody: string) =>
      call(handler, {
        ...built,
        body: undefined,
        method: s.method,
        rawBody,
        headers: { "content-type": "application/json" },
        token: built.token ?? A.tokens.owner,
      });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          malformed.map((t) => ({ t, strict: true })),
          wrongTop.map((v) => ({ t: JSON.stringify(v), strict: true })),
          mangled(valid).map((v) => ({ t: JSON.stringify(v), strict: false })),
        ),
        async ({ t, strict }) => {
          assertClean(await send(t), strict);
        },
      ),
      { numRuns: RUNS },
    );
    // Bigger than the 1 MB a JSON body may be.
    const huge = await send(JSON.stringify({ ...valid, name: "x".repeat(1_100_000) }));
    expect(huge.status).toBe(413);
  });
});

describe("bad query strings and path ids", () => {
  it.each(queryRows.map((s) => [`${s.method} ${s.route}`, s] as const))("%s", async (_, s) => {
    const { built, handler } = await prepare(s);
    const base = new URL(built.url ?? "/api/x", "http://localhost");
    const keys = [
      ...new Set([
        ...base.searchParams.keys(),
        "page",
        "limit",
        "search",
        "won",
        "start_date",
        "end_date",
        "wheel_id",
        "whatsapp",
        "code",
        "filter",
      ]),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...keys), nasty, { maxKeys: 4 }),
        fc.option(nasty, { nil: undefined }),
        async (query, id) => {
          const url = new URL(base.pathname, "http://localhost");
          for (const [k, v] of Object.entries({ ...Object.fromEntries(base.searchParams), ...query }))
            url.searchParams.set(k, v.slice(0, 5000));
          const params =
            id !== undefined && built.params
              ? Object.fromEntries(Object.keys(built.params).map((k) => [k, id.slice(0, 5000)]))
              : built.params;
          const res = await call(handler, {
            ...built,
            url: url.pathname + url.search,
            params,
            token: built.token ?? A.tokens.owner,
          });
          assertClean(res, false);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe("webhook bodies", () => {
  it("signed bodies of any shape never break the webhook", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          malformed,
          anyValue.map((v) => JSON.stringify(v)),
          fc
            .record({ webhook_event_type: nasty, order_id: anyValue, Customer: anyValue, Subscription: anyValue })
            .map((v) => JSON.stringify(v)),
        ),
        async (raw) => {
          const res = await call(webhookRoute, {
            url: `/api/webhooks/payments?signature=${sign(raw, WEBHOOK_SECRET)}`,
            rawBody: raw,
          });
          assertClean(res, false);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  // Found by the property above: jsonb refuses a lone surrogate escape, which was a 500 when the
  // event was stored. Every JSON body now refuses one at the boundary, like a null byte.
  it.each(['{"":"\\ud800"}', '{"webhook_event_type":"order_approved","order_id":"\\udfff"}'])(
    "refuses a lone surrogate: %s",
    async (raw) => {
      const res = await call(webhookRoute, {
        url: `/api/webhooks/payments?signature=${sign(raw, WEBHOOK_SECRET)}`,
        rawBody: raw,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "O texto enviado contém caracteres inválidos" });
    },
  );
});
