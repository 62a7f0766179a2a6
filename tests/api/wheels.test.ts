import { describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/api/wheels/route";
import { DELETE as deleteRoute, PUT as updateRoute } from "@/app/api/wheels/[id]/route";
import { GET as listProductsRoute, POST as saveProductsRoute } from "@/app/api/wheels/[id]/products/route";
import { DELETE as removeProductRoute } from "@/app/api/wheels/[id]/products/[productId]/route";
import { GET as qrRoute } from "@/app/api/wheels/[id]/qr/route";
import { GET as dashboardRoute } from "@/app/api/dashboard/route";
import { db } from "@/lib/db/client";
import { addMember, createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { addToWheel, createProduct, createWheel } from "../helpers/catalogue";

describe("wheels API", () => {
  it("creates drafts by default, validates with the messages, slugs unique per company", async () => {
    const a = await createCompany();
    const b = await createCompany();
    const res = await call(createRoute, { token: a.owner.token, body: { name: "Natal", slug: "natal" } });
    expect(res.status).toBe(201);
    expect(res.body.wheel).toMatchObject({ name: "Natal", slug: "natal", status: "draft", total_spins: 0 });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "", slug: "x" }, "Nome é obrigatório"],
      [{ name: "X", slug: "" }, "Slug é obrigatório"],
      [{ name: "X", slug: "Com Espaço" }, "Slug deve conter apenas letras minúsculas, números e hífens"],
    ];
    for (const [body, message] of cases) {
      const r = await call(createRoute, { token: a.owner.token, body });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe(message);
    }
    const dup = await call(createRoute, { token: a.owner.token, body: { name: "Outra", slug: "natal" } });
    expect(dup.status).toBe(409);
    const otherCompany = await call(createRoute, { token: b.owner.token, body: { name: "Natal", slug: "natal" } });
    expect(otherCompany.status).toBe(201);
  });

  // Issue 37: POST dropped coupon_url (answered null) while PUT kept it.
  it("create accepts every field update does, and keeps the embed settings", async () => {
    const { wheelCreateInput, wheelUpdateInput } = await import("@/lib/validation/wheels");
    const createKeys = Object.keys(wheelCreateInput.shape);
    expect(Object.keys(wheelUpdateInput.shape).filter((k) => !createKeys.includes(k))).toEqual([]);
    const a = await createCompany();
    const res = await call(createRoute, {
      token: a.owner.token,
      body: {
        name: "Loja",
        slug: "loja",
        coupon_url: "https://loja.com.br/desconto/{code}",
        embed_origins: ["https://loja.com.br"],
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.wheel).toMatchObject({
      coupon_url: "https://loja.com.br/desconto/{code}",
      embed_origins: ["https://loja.com.br"],
    });
    const bad = await call(createRoute, {
      token: a.owner.token,
      body: { name: "Loja 2", slug: "loja-2", coupon_url: "ftp://loja.com.br/{code}" },
    });
    expect(bad.status).toBe(400);
  });

  it("lists with pagination and search; edits status; another company's wheel is 404", async () => {
    const a = await createCompany();
    const b = await createCompany();
    const w1 = await createWheel(a.owner.token, { name: "Páscoa", slug: "pascoa", status: "draft" });
    await createWheel(a.owner.token, { name: "Verão", slug: "verao" });
    const theirs = await createWheel(b.owner.token, { name: "Deles", slug: "deles" });
    const list = await call(listRoute, { token: a.owner.token, url: "/api/wheels?page=1&limit=100&search=pasc" });
    expect(list.body.wheels.map((w: { slug: string }) => w.slug)).toEqual(["pascoa"]);
    expect(list.body.pagination).toEqual({ page: 1, limit: 100, total: 1, totalPages: 1 });
    const upd = await call(updateRoute, {
      method: "PUT",
      token: a.owner.token,
      params: { id: w1.id },
      body: { status: "active" },
    });
    expect(upd.body.wheel.status).toBe("active");
    const slugClash = await call(updateRoute, {
      method: "PUT",
      token: a.owner.token,
      params: { id: w1.id },
      body: { slug: "verao" },
    });
    expect(slugClash.status).toBe(409);
    for (const [route, method, body] of [
      [updateRoute, "PUT", { name: "Hack" }],
      [deleteRoute, "DELETE"],
      [listProductsRoute, "GET"],
      [qrRoute, "GET"],
    ] as const) {
      expect(
        (await call(route, { method, token: a.owner.token, params: { id: theirs.id }, body })).status,
        method,
      ).toBe(404);
    }
    const prisma = await db();
    expect((await prisma.wheel.findUniqueOrThrow({ where: { id: theirs.id } })).name).toBe("Deles");
  });

  it("manages wheel products: only active with stock, odds default and minimum, removal", async () => {
    const a = await createCompany();
    const b = await createCompany();
    const wheel = await createWheel(a.owner.token);
    const p1 = await createProduct(a.owner.token, { name: "Um", weight: 4 });
    const empty = await createProduct(a.owner.token, { name: "Sem estoque", stock: 0 });
    const inactive = await createProduct(a.owner.token, { name: "Inativo", is_active: false });
    const theirs = await createProduct(b.owner.token, { name: "Deles" });
    const saved = await addToWheel(a.owner.token, wheel.id, [{ product_id: p1.id, odds_weight: 4 }]);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ id: p1.id, name: "Um", odds_weight: 4 });
    for (const id of [empty.id, inactive.id]) {
      const r = await call(saveProductsRoute, {
        token: a.owner.token,
        params: { id: wheel.id },
        body: { products: [{ product_id: id, odds_weight: 1 }] },
      });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("Apenas produtos ativos e com estoque podem ser adicionados à roleta");
    }
    const cross = await call(saveProductsRoute, {
      token: a.owner.token,
      params: { id: wheel.id },
      body: { products: [{ product_id: theirs.id, odds_weight: 1 }] },
    });
    expect(cross.status).toBe(404);
    const zero = await call(saveProductsRoute, {
      token: a.owner.token,
      params: { id: wheel.id },
      body: { products: [{ product_id: p1.id, odds_weight: 0 }] },
    });
    expect(zero.status).toBe(400);
    await addToWheel(a.owner.token, wheel.id, [{ product_id: p1.id, odds_weight: 9 }]);
    const after = await call(listProductsRoute, { token: a.owner.token, params: { id: wheel.id } });
    expect(after.body.products.map((p: { odds_weight: number }) => p.odds_weight)).toEqual([9]);
    const removed = await call(removeProductRoute, {
      method: "DELETE",
      token: a.owner.token,
      params: { id: wheel.id, productId: p1.id },
    });
    expect(removed.status).toBe(200);
    expect((await call(listProductsRoute, { token: a.owner.token, params: { id: wheel.id } })).body.products).toEqual(
      [],
    );
  });

  it("deleting a product takes it off wheels", async () => {
    const a = await createCompany();
    const wheel = await createWheel(a.owner.token);
    const p = await createProduct(a.owner.token);
    await addToWheel(a.owner.token, wheel.id, [{ product_id: p.id, odds_weight: 1 }]);
    const { DELETE } = await import("@/app/api/products/[id]/route");
    await call(DELETE, { method: "DELETE", token: a.owner.token, params: { id: p.id } });
    expect((await call(listProductsRoute, { token: a.owner.token, params: { id: wheel.id } })).body.products).toEqual(
      [],
    );
  });

  it("serves a QR code PNG of the public URL", async () => {
    const a = await createCompany("QR Loja");
    const wheel = await createWheel(a.owner.token);
    const res = await call(qrRoute, { token: a.owner.token, params: { id: wheel.id } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
  });

  it("refuses a second wheel on Free with 402 and members' writes with 403", async () => {
    const a = await createCompany();
    const prisma = await db();
    await prisma.subscription.update({ where: { companyId: a.companyId }, data: { status: "expired" } });
    await createWheel(a.owner.token);
    const second = await call(createRoute, { token: a.owner.token, body: { name: "Dois", slug: "dois" } });
    expect(second.status).toBe(402);
    expect(second.body.error).toContain("1 roleta");
    const member = await addMember(a.companyId, "member");
    expect((await call(listRoute, { token: member.token })).status).toBe(200);
    expect((await call(createRoute, { token: member.token, body: { name: "X", slug: "x" } })).status).toBe(403);
  });
});

describe("dashboard API", () => {
  it("counts the company's own products, wheels, low stock and spins", async () => {
    const a = await createCompany();
    const b = await createCompany();
    await createProduct(a.owner.token, { stock: 3 });
    await createProduct(a.owner.token, { stock: 50 });
    await createProduct(a.owner.token, { stock: 1, is_active: false });
    await createWheel(a.owner.token, { status: "active" });
    await createWheel(a.owner.token, { status: "draft" });
    await createProduct(b.owner.token, { stock: 1 });
    const res = await call(dashboardRoute, { token: a.owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalProducts: 3,
      activeProducts: 2,
      totalWheels: 2,
      activeWheels: 1,
      lowStockProducts: 1,
      totalSpins: 0,
      planName: "Pro",
      limits: { maxWheels: -1, maxProducts: -1, maxSpinsMonth: -1 },
    });
  });
});
