// 200 simultaneous spins on a wheel whose prizes total 50 in stock: exactly 50 wins, stock 0,
// 150 sold-out answers, no 5xx. Meaningful on Postgres (CI); PGlite serialises the same code.
import { describe, expect, it } from "vitest";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { db } from "@/lib/db/client";
import { createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { addToWheel, createProduct, createWheel } from "../helpers/catalogue";

// A guard against a hang, not a figure: 200 spins on a machine shared with other runs took 35 s.
describe("concurrent spins", { timeout: 180_000 }, () => {
  it("never give away more than the stock", async () => {
    const c = await createCompany("Concorrência");
    const wheel = await createWheel(c.owner.token);
    const stocks = [30, 15, 5];
    const products = [];
    for (const [i, stock] of stocks.entries())
      products.push(await createProduct(c.owner.token, { name: `P${i}`, stock }));
    await addToWheel(
      c.owner.token,
      wheel.id,
      products.map((p, i) => ({ product_id: p.id, odds_weight: i + 1 })),
    );

    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(spinRoute, {
          params: { companySlug: c.slug, wheel: wheel.slug },
          body: { name: `Pessoa ${i}`, whatsapp: `11 9${String(10000000 + i)}`, consent: true },
          ip: `10.200.${Math.floor(i / 250)}.${i % 250}`,
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 410)).toHaveLength(150);

    const prisma = await db();
    const after = await prisma.product.findMany({ where: { companyId: c.companyId } });
    expect(after.every((p) => p.stock === 0)).toBe(true);
    const wins = await prisma.spin.groupBy({ by: ["productId"], where: { companyId: c.companyId }, _count: true });
    for (const [i, p] of products.entries()) expect(wins.find((w) => w.productId === p.id)?._count).toBe(stocks[i]);
    expect((await prisma.wheel.findUniqueOrThrow({ where: { id: wheel.id } })).spinCount).toBe(50);
  });
});
