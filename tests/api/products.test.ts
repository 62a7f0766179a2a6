import { describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/api/products/route";
import { DELETE as deleteRoute, GET as getRoute, PUT as updateRoute } from "@/app/api/products/[id]/route";
import { db } from "@/lib/db/client";
import { addMember, createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { createProduct } from "../helpers/catalogue";

async function toFree(companyId: string) {
  const prisma = await db();
  await prisma.subscription.update({ where: { companyId }, data: { planId: "free", status: "active", endsAt: null } });
}

describe("products API", () => {
  it("creates with defaults stock 1 and weight 1, active", async () => {
    const c = await createCompany();
    const res = await call(createRoute, { token: c.owner.token, body: { name: "Caneca", description: "Caneca azul" } });
    expect(res.status).toBe(201);
    expect(res.body.product).toMatchObject({
      name: "Caneca",
      description: "Caneca azul",
      stock: 1,
      weight: 1,
      is_active: true,
      image_url: null,
    });
  });

  it("answers the messages for bad input", async () => {
    const c = await createCompany();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "", description: "x" }, "Nome é obrigatório"],
      [{ name: "A", description: "  " }, "Descrição é obrigatória"],
      [{ name: "A", description: "x", stock: -1 }, "Estoque deve ser maior ou igual a 0"],
      [{ name: "A", description: "x", weight: 0 }, "Peso deve ser maior que 0"],
      [{ name: "A", description: "x", stock: "muito" }, "Estoque deve ser maior ou igual a 0"],
      [{ name: "A", description: "x", image_url: "javascript:alert(1)" }, "Endereço de imagem inválido"],
    ];
    for (const [body, message] of cases) {
      const res = await call(createRoute, { token: c.owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(message);
    }
    const all = await call(createRoute, { token: c.owner.token, body: {} });
    expect(all.body.details.fields).toMatchObject({
      name: "Nome é obrigatório",
      description: "Descrição é obrigatória",
    });
  });

  it("lists with pagination, search, active and low-stock filters", async () => {
    const c = await createCompany();
    await createProduct(c.owner.token, { name: "Camiseta Azul", stock: 3 });
    await createProduct(c.owner.token, { name: "Camiseta Verde", stock: 20 });
    await createProduct(c.owner.token, { name: "Boné", stock: 2, is_active: false });
    const page = await call(listRoute, { token: c.owner.token, url: "/api/products?page=1&limit=2" });
    expect(page.body.products).toHaveLength(2);
    expect(page.body.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    const search = await call(listRoute, { token: c.owner.token, url: "/api/products?search=camiSETA" });
    expect(search.body.products.map((p: { name: string }) => p.name).sort()).toEqual([
      "Camiseta Azul",
      "Camiseta Verde",
    ]);
    const inactive = await call(listRoute, { token: c.owner.token, url: "/api/products?active=false" });
    expect(inactive.body.products.map((p: { name: string }) => p.name)).toEqual(["Boné"]);
    const low = await call(listRoute, { token: c.owner.token, url: "/api/products?lowstock=true" });
    expect(low.body.products.map((p: { name: string }) => p.name)).toEqual(["Camiseta Azul"]);
    const bad = await call(listRoute, { token: c.owner.token, url: "/api/products?limit=5000" });
    expect(bad.status).toBe(400);
  });

  it("updates and deletes, and hides another company's products (404, nothing changed)", async () => {
    const a = await createCompany();
    const b = await createCompany();
    const mine = await createProduct(a.owner.token, { name: "Meu" });
    const theirs = await createProduct(b.owner.token, { name: "Deles", stock: 7 });
    const upd = await call(updateRoute, {
      method: "PUT",
      token: a.owner.token,
      params: { id: mine.id },
      body: { stock: 0, is_active: false },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.product).toMatchObject({ name: "Meu", stock: 0, is_active: false });
    for (const [route, method, body] of [
      [getRoute, "GET"],
      [updateRoute, "PUT", { stock: 99 }],
      [deleteRoute, "DELETE"],
    ] as const) {
      const res = await call(route, { method, token: a.owner.token, params: { id: theirs.id }, body });
      expect(res.status, method).toBe(404);
    }
    const prisma = await db();
    expect((await prisma.product.findUniqueOrThrow({ where: { id: theirs.id } })).stock).toBe(7);
    const list = await call(listRoute, { token: a.owner.token });
    expect(list.body.products.map((p: { id: string }) => p.id)).not.toContain(theirs.id);
    const del = await call(deleteRoute, { method: "DELETE", token: a.owner.token, params: { id: mine.id } });
    expect(del.status).toBe(200);
    expect(await prisma.product.findUnique({ where: { id: mine.id } })).toBeNull();
  });

  it("lets members read but not write", async () => {
    const c = await createCompany();
    const member = await addMember(c.companyId, "member");
    const admin = await addMember(c.companyId, "admin");
    const p = await createProduct(c.owner.token);
    expect((await call(listRoute, { token: member.token })).status).toBe(200);
    expect((await call(createRoute, { token: member.token, body: { name: "X", description: "Y" } })).status).toBe(403);
    expect(
      (await call(updateRoute, { method: "PUT", token: member.token, params: { id: p.id }, body: { stock: 5 } }))
        .status,
    ).toBe(403);
    expect((await call(deleteRoute, { method: "DELETE", token: member.token, params: { id: p.id } })).status).toBe(403);
    expect((await call(createRoute, { token: admin.token, body: { name: "X", description: "Y" } })).status).toBe(201);
    expect((await call(listRoute)).status).toBe(401);
  });

  it("refuses the 11th product on the Free plan with 402", async () => {
    const c = await createCompany();
    await toFree(c.companyId);
    for (let i = 0; i < 10; i++) await createProduct(c.owner.token, { name: `P${i}` });
    const res = await call(createRoute, { token: c.owner.token, body: { name: "P10", description: "x" } });
    expect(res.status).toBe(402);
    expect(res.body.error).toContain("10 produtos");
    const prisma = await db();
    expect(await prisma.product.count({ where: { companyId: c.companyId } })).toBe(10);
  });
});
