// POST /wheels and PUT /wheels/{id} with `products`: the wheel and its whole prize list in one
// transaction, so a counter wheel with prizes is saved in one pass (issue 24, item 1).
import { describe, expect, it, vi } from "vitest";
import { POST as createRoute } from "@/app/api/wheels/route";
import { PUT as updateRoute } from "@/app/api/wheels/[id]/route";
import { GET as listProductsRoute } from "@/app/api/wheels/[id]/products/route";
import { db } from "@/lib/db/client";
import { CAMPAIGN_MESSAGES } from "@/lib/copy/campaign";
import { createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { createProduct, createWheel } from "../helpers/catalogue";

// Lets one test make the moments step fail inside the wheel's transaction, after the writes.
const failing = vi.hoisted(() => ({ moments: false }));
vi.mock("@/lib/campaigns/moments", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/campaigns/moments")>();
  return {
    ...real,
    replaceMoments: (...args: Parameters<typeof real.replaceMoments>) => {
      if (failing.moments) throw new Error("moments failed");
      return real.replaceMoments(...args);
    },
  };
});

const slug = () => `roleta-${Math.random().toString(36).slice(2, 8)}`;

describe("a wheel saved with its prizes", () => {
  it("creates a counter wheel with its prizes in one POST", async () => {
    const c = await createCompany();
    const a = await createProduct(c.owner.token, { name: "Cupom 10%" });
    const b = await createProduct(c.owner.token, { name: "Brinde" });
    const res = await call(createRoute, {
      token: c.owner.token,
      body: {
        name: "Contador",
        slug: slug(),
        status: "active",
        draw_mode: "counter",
        products: [
          { product_id: a.id, win_every: 10 },
          { product_id: b.id, win_every: 25, odds_weight: 3 },
        ],
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.wheel.draw_mode).toBe("counter");
    expect(res.body.products).toHaveLength(2);
    const list = await call(listProductsRoute, { token: c.owner.token, params: { id: res.body.wheel.id } });
    const byName = Object.fromEntries(list.body.products.map((p: { name: string }) => [p.name, p]));
    expect(byName["Cupom 10%"]).toMatchObject({ win_every: 10, odds_weight: 1 });
    expect(byName["Brinde"]).toMatchObject({ win_every: 25, odds_weight: 3 });
  });

  it("creates a moments wheel with its prizes and their moments", async () => {
    const c = await createCompany();
    const p = await createProduct(c.owner.token, { stock: 4 });
    const res = await call(createRoute, {
      token: c.owner.token,
      body: {
        name: "Momentos",
        slug: slug(),
        draw_mode: "moments",
        starts_at: new Date(Date.now() + 3600_000).toISOString(),
        ends_at: new Date(Date.now() + 10 * 86400_000).toISOString(),
        products: [{ product_id: p.id }],
      },
    });
    expect(res.status, res.text).toBe(201);
    const prisma = await db();
    expect(await prisma.winningMoment.count({ where: { wheelId: res.body.wheel.id } })).toBe(4);
  });

  it("refuses a counter prize without 'ganha a cada' with the pt-BR message, writing nothing", async () => {
    const c = await createCompany();
    const p = await createProduct(c.owner.token);
    const s = slug();
    const res = await call(createRoute, {
      token: c.owner.token,
      body: { name: "X", slug: s, draw_mode: "counter", products: [{ product_id: p.id }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(CAMPAIGN_MESSAGES.winEveryRequired);
    expect(res.body.details.fields).toEqual({ "products.0.win_every": CAMPAIGN_MESSAGES.winEveryRequired });
    const bad = await call(createRoute, {
      token: c.owner.token,
      body: { name: "X", slug: s, products: [{ product_id: p.id, daily_limit: 0 }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(CAMPAIGN_MESSAGES.dailyLimit);
    const prisma = await db();
    expect(await prisma.wheel.count({ where: { companyId: c.companyId, slug: s } })).toBe(0);
  });

  it("switches a wheel with prizes to counter mode in one PUT, replacing the prize list", async () => {
    const c = await createCompany();
    const a = await createProduct(c.owner.token);
    const b = await createProduct(c.owner.token);
    const w = await createWheel(c.owner.token, { products: [{ product_id: a.id }, { product_id: b.id }] });
    // The old way still refuses: the saved prizes have no step.
    const alone = await call(updateRoute, {
      method: "PUT",
      token: c.owner.token,
      params: { id: w.id },
      body: { draw_mode: "counter" },
    });
    expect(alone.status).toBe(400);
    expect(alone.body.error).toBe(CAMPAIGN_MESSAGES.counterNeedsWinEvery);
    const res = await call(updateRoute, {
      method: "PUT",
      token: c.owner.token,
      params: { id: w.id },
      body: { draw_mode: "counter", products: [{ product_id: a.id, win_every: 5 }] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.wheel.draw_mode).toBe("counter");
    expect(res.body.products.map((p: { id: string; win_every: number }) => [p.id, p.win_every])).toEqual([[a.id, 5]]);
  });

  it("answers 404 for another company's product and changes nothing (attacker)", async () => {
    const mine = await createCompany();
    const theirs = await createCompany();
    const their = await createProduct(theirs.owner.token, { name: "Deles" });
    const own = await createProduct(mine.owner.token);
    const s = slug();
    const res = await call(createRoute, {
      token: mine.owner.token,
      body: { name: "Ataque", slug: s, products: [{ product_id: own.id }, { product_id: their.id }] },
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("Produto não encontrado");
    const w = await createWheel(mine.owner.token, { name: "Minha", products: [{ product_id: own.id }] });
    const put = await call(updateRoute, {
      method: "PUT",
      token: mine.owner.token,
      params: { id: w.id },
      body: { name: "Trocada", products: [{ product_id: their.id }] },
    });
    expect(put.status).toBe(404);
    const prisma = await db();
    expect(await prisma.wheel.count({ where: { companyId: mine.companyId, slug: s } })).toBe(0);
    expect((await prisma.wheel.findUniqueOrThrow({ where: { id: w.id } })).name).toBe("Minha");
    expect(await prisma.wheelProduct.count({ where: { productId: their.id } })).toBe(0);
    expect(await prisma.wheelProduct.count({ where: { wheelId: w.id, productId: own.id } })).toBe(1);
  });

  it("rolls everything back when a step fails inside the transaction", async () => {
    const c = await createCompany();
    const p = await createProduct(c.owner.token);
    const s = slug();
    failing.moments = true;
    try {
      const res = await call(createRoute, {
        token: c.owner.token,
        body: {
          name: "Falha",
          slug: s,
          draw_mode: "moments",
          starts_at: new Date(Date.now() + 3600_000).toISOString(),
          ends_at: new Date(Date.now() + 86400_000).toISOString(),
          products: [{ product_id: p.id }],
        },
      });
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      failing.moments = false;
    }
    const prisma = await db();
    expect(await prisma.wheel.count({ where: { companyId: c.companyId, slug: s } })).toBe(0);
    expect(await prisma.wheelProduct.count({ where: { productId: p.id } })).toBe(0);
  });
});
