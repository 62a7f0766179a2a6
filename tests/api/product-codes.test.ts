// Unique codes (docs/api.md "Unique codes (issue 26)"): a pool product's stock is its available codes, a win takes
// one in the spin's own statement, and the codes API is tenant-scoped. The concurrency case is
// meaningful on Postgres (DATABASE_URL); PGlite serialises the same statements.
import { describe, expect, it } from "vitest";
import { DELETE as codesDelete, GET as codesGet, POST as codesPost } from "@/app/api/products/[id]/codes/route";
import { GET as codesExport } from "@/app/api/products/[id]/codes/export/route";
import { PUT as productPut } from "@/app/api/products/[id]/route";
import { POST as productPost } from "@/app/api/products/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import * as redeemRoute from "@/app/api/spins/redeem/route";
import { POST as wheelPost } from "@/app/api/wheels/route";
import { db } from "@/lib/db/client";
import { parseCodes } from "@/lib/validation/codes";
import { addToWheel, createProduct, createWheel } from "../helpers/catalogue";
import { addMember, createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

async function poolProduct(token: string, name = "Cupom único") {
  const res = await call(productPost, { token, body: { name, description: "Cupom", code_source: "pool" } });
  expect(res.status).toBe(201);
  return res.body.product as { id: string; stock: number; code_source: string };
}

const upload = (token: string, id: string, codes: string[]) =>
  call(codesPost, { token, params: { id }, body: { codes } });

const spinOnce = (slug: string, wheel: string, i: number) =>
  call(spinRoute, {
    params: { companySlug: slug, wheel },
    body: { name: `Pessoa ${i}`, whatsapp: `11 9${String(20000000 + i)}`, consent: true },
    ip: `10.201.${Math.floor(i / 250)}.${i % 250}`,
  });

describe("pool codes in the spin", () => {
  it("200 parallel spins on 50 codes give 50 wins with 50 distinct codes", async () => {
    const c = await createCompany("Pool Concorrência");
    const product = await poolProduct(c.owner.token);
    expect(product.stock).toBe(0);
    const codes = Array.from({ length: 50 }, (_, i) => `CUPOM-${String(i).padStart(3, "0")}`);
    const up = await upload(c.owner.token, product.id, codes);
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ added: 50, duplicates: [], summary: { total: 50, available: 50, assigned: 0 } });
    const wheel = await createWheel(c.owner.token);
    await addToWheel(c.owner.token, wheel.id, [{ product_id: product.id, odds_weight: 1 }]);

    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => spinOnce(c.slug, wheel.slug, i)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 410)).toHaveLength(150);
    const won = results.filter((r) => r.status === 201).map((r) => r.body.redemption_code as string);
    expect(new Set(won).size).toBe(50);
    expect([...won].sort()).toEqual(codes);

    const prisma = await db();
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(0);
    const rows = await prisma.productCode.findMany({ where: { productId: product.id }, include: { spin: true } });
    expect(rows.every((r) => r.status === "assigned" && r.spin?.redemptionCode === r.code && r.spin.won)).toBe(true);
    expect(new Set(rows.map((r) => r.spinId)).size).toBe(50);
  });

  it("an empty pool is no stock: the draw skips it, alone it is sold out", async () => {
    const c = await createCompany("Pool Vazio");
    const pool = await poolProduct(c.owner.token);
    await upload(c.owner.token, pool.id, ["ULTIMO-1"]);
    const generated = await createProduct(c.owner.token, { name: "Brinde", stock: 5 });
    const alone = await createWheel(c.owner.token);
    await addToWheel(c.owner.token, alone.id, [{ product_id: pool.id, odds_weight: 1 }]);
    const mixed = await createWheel(c.owner.token);
    await addToWheel(c.owner.token, mixed.id, [
      { product_id: pool.id, odds_weight: 100 },
      { product_id: generated.id, odds_weight: 1 },
    ]);
    // The pool's last code goes away: its stock is 0.
    const removed = await call(codesDelete, {
      method: "DELETE",
      token: c.owner.token,
      params: { id: pool.id },
      body: { codes: ["ULTIMO-1"] },
    });
    expect(removed.body).toMatchObject({ removed: 1, summary: { available: 0 } });
    expect((await spinOnce(c.slug, alone.slug, 1)).status).toBe(410);
    for (let i = 2; i < 6; i++) {
      const r = await spinOnce(c.slug, mixed.slug, i);
      expect(r.status).toBe(201);
      expect(r.body.prize.id).toBe(generated.id);
    }
  });

  it("counter mode hands out pool codes too, and a code can be redeemed as typed", async () => {
    const c = await createCompany("Pool Contador");
    const product = await poolProduct(c.owner.token);
    await upload(c.owner.token, product.id, ["abc-1", "abc_2"]);
    const res = await call(wheelPost, {
      token: c.owner.token,
      body: { name: "Contador", slug: `contador-${Date.now()}`, status: "active", draw_mode: "counter" },
    });
    expect(res.status).toBe(201);
    const wheel = res.body.wheel;
    await call((await import("@/app/api/wheels/[id]/products/route")).POST, {
      token: c.owner.token,
      params: { id: wheel.id },
      body: { products: [{ product_id: product.id, odds_weight: 1, win_every: 1 }] },
    });
    const got = [];
    for (let i = 0; i < 3; i++) got.push(await spinOnce(c.slug, wheel.slug, 100 + i));
    const codes = got.filter((r) => r.status === 201 && r.body.redemption_code).map((r) => r.body.redemption_code);
    expect(codes.sort()).toEqual(["abc-1", "abc_2"]);
    // Staff look it up and redeem it as uploaded (lower case, - and _ kept).
    const found = await call(redeemRoute.GET, { token: c.owner.token, url: "/api/x?code=abc_2" });
    expect(found.status).toBe(200);
    expect(found.body.spin.redemption_code).toBe("abc_2");
    const redeemed = await call(redeemRoute.POST, { token: c.owner.token, body: { redemption_code: " abc-1 " } });
    expect(redeemed.status).toBe(200);
  });
});

describe("codes API", () => {
  it("adds with duplicates reported, lists, searches, removes only unused codes, exports CSV", async () => {
    const c = await createCompany("Pool API");
    const product = await poolProduct(c.owner.token);
    const other = await poolProduct(c.owner.token, "Outro");
    await upload(c.owner.token, other.id, ["OUTRO-1"]);
    const up = await upload(c.owner.token, product.id, ["AAA-1", "AAA-2", "AAA-1", "OUTRO-1", "BBB-3"]);
    expect(up.body).toMatchObject({ added: 3, duplicates: ["AAA-1", "OUTRO-1"] });
    const again = await upload(c.owner.token, product.id, ["AAA-2"]);
    expect(again.body).toMatchObject({ added: 0, duplicates: ["AAA-2"], summary: { total: 3, available: 3 } });

    const bad = await upload(c.owner.token, product.id, ["ok-1", "x"]);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Código inválido");

    const listed = await call(codesGet, {
      token: c.owner.token,
      params: { id: product.id },
      url: "/api/x?search=aaa&status=available&page=1&limit=1",
    });
    expect(listed.status).toBe(200);
    expect(listed.body.pagination).toMatchObject({ total: 2, totalPages: 2 });
    expect(listed.body.codes[0]).toMatchObject({ status: "available", spin_id: null, assigned_at: null });

    // Stock follows the codes; writing it is refused.
    const prisma = await db();
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(3);
    const put = await call(productPut, {
      method: "PUT",
      token: c.owner.token,
      params: { id: product.id },
      body: { stock: 9 },
    });
    expect(put.status).toBe(400);
    expect(put.body.code).toBe("STOCK_FROM_CODES");

    // Win one, then: removal keeps the assigned code, export lists it.
    const wheel = await createWheel(c.owner.token);
    await addToWheel(c.owner.token, wheel.id, [{ product_id: product.id, odds_weight: 1 }]);
    const win = await spinOnce(c.slug, wheel.slug, 500);
    expect(win.status).toBe(201);
    const removed = await call(codesDelete, {
      method: "DELETE",
      token: c.owner.token,
      params: { id: product.id },
      body: { codes: ["AAA-1", "AAA-2", "BBB-3"] },
    });
    expect(removed.body).toMatchObject({ removed: 2, summary: { total: 1, available: 0, assigned: 1 } });
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(0);

    const csv = await call(codesExport, { token: c.owner.token, params: { id: product.id } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.text.startsWith("\uFEFFCódigo;Atribuído em;Nome")).toBe(true);
    expect(csv.text).toContain(`${win.body.redemption_code};`);
  });

  it("another company's product or codes: 404; a member: 403; a generated product: 400", async () => {
    const a = await createCompany("Dona do Pool");
    const b = await createCompany("Atacante");
    const product = await poolProduct(a.owner.token);
    await upload(a.owner.token, product.id, ["SEGREDO-1"]);
    const params = { id: product.id };
    const t = b.owner.token;
    expect((await call(codesGet, { token: t, params })).status).toBe(404);
    expect((await upload(t, product.id, ["NOVO-1"])).status).toBe(404);
    const del = await call(codesDelete, { method: "DELETE", token: t, params, body: { codes: ["SEGREDO-1"] } });
    expect(del.status).toBe(404);
    const exp = await call(codesExport, { token: t, params });
    expect(exp.status).toBe(404);
    expect(exp.text).not.toContain("SEGREDO");
    // B's own pool may not take A's code away either: codes are per company.
    const mine = await poolProduct(t);
    expect((await upload(t, mine.id, ["SEGREDO-1"])).body).toMatchObject({ added: 1 });
    const prisma = await db();
    expect(await prisma.productCode.count({ where: { code: "SEGREDO-1", companyId: a.companyId } })).toBe(1);

    const member = await addMember(a.companyId, "member");
    expect((await upload(member.token, product.id, ["NOVO-2"])).status).toBe(403);
    expect((await call(codesGet, { token: member.token, params })).status).toBe(403);

    const generated = await createProduct(a.owner.token);
    const notPool = await upload(a.owner.token, generated.id, ["NOVO-3"]);
    expect(notPool.status).toBe(400);
    expect(notPool.body.code).toBe("NOT_POOL");
  });

  it("parses a paste or a CSV file", () => {
    expect(parseCodes('\uFEFFcodigo;valor\r\nAAA-1;10\n\n bbb_2 \n"CCC3",x\nnão válido')).toEqual({
      codes: ["AAA-1", "bbb_2", "CCC3"],
      invalid: ["não válido"],
    });
  });
});
