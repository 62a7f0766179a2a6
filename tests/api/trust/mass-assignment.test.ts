// Mass assignment: fields a body must not set (company, role, id, stock, plan, codes) are ignored.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as companyProfileRoute } from "@/app/api/company/profile/route";
import { PUT as updateProductRoute } from "@/app/api/products/[id]/route";
import { POST as createProductRoute } from "@/app/api/products/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { PUT as profileRoute } from "@/app/api/user/profile/route";
import { PUT as updateUserRoute } from "@/app/api/users/[id]/route";
import { POST as createWheelRoute } from "@/app/api/wheels/route";
import { db } from "@/lib/db/client";
import { addToWheel, createProduct, createWheel } from "../../helpers/catalogue";
import { call } from "../../helpers/http";
import { createTenant, type Tenant } from "./actors";

let A: Tenant;
let B: Tenant;
beforeAll(async () => {
  [A, B] = [await createTenant("Empresa A"), await createTenant("Empresa B")];
});

const foreign = () => ({ id: randomUUID(), company_id: B.company.companyId, companyId: B.company.companyId });

describe("bodies cannot set what the server owns", () => {
  it("a product created or edited with another company's id stays in the caller's company", async () => {
    const planted = foreign();
    const created = await call(createProductRoute, {
      token: A.tokens.admin,
      body: { name: "Caneca", description: "Azul", stock: 2, weight: 1, ...planted },
    });
    expect(created.status).toBe(201);
    const prisma = await db();
    const row = await prisma.product.findUniqueOrThrow({ where: { id: created.body.product.id } });
    expect(row.id).not.toBe(planted.id);
    expect(row.companyId).toBe(A.company.companyId);

    const edited = await call(updateProductRoute, {
      method: "PUT",
      token: A.tokens.admin,
      params: { id: row.id },
      body: { name: "Caneca", description: "Azul", stock: 2, weight: 1, ...planted },
    });
    expect(edited.status).toBe(200);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: row.id } })).companyId).toBe(A.company.companyId);
    expect(await prisma.product.count({ where: { companyId: B.company.companyId } })).toBe(0);
  });

  it("a wheel's spin counter and company come from the server", async () => {
    const res = await call(createWheelRoute, {
      token: A.tokens.owner,
      body: {
        name: "Roleta",
        slug: `r-${randomUUID().slice(0, 6)}`,
        status: "draft",
        spinCount: 999,
        total_spins: 999,
        ...foreign(),
      },
    });
    expect(res.status).toBe(201);
    const row = await (await db()).wheel.findUniqueOrThrow({ where: { id: res.body.wheel.id } });
    expect([row.companyId, row.spinCount]).toEqual([A.company.companyId, 0]);
  });

  it("a member cannot promote themself or change their email through the profile", async () => {
    const res = await call(profileRoute, {
      method: "PUT",
      token: A.tokens.member,
      body: { name: "Membro", role: "owner", email: "outro@teste.com.br", ...foreign() },
    });
    expect(res.status).toBe(200);
    const prisma = await db();
    const m = await prisma.membership.findFirstOrThrow({
      where: { userId: A.userIds.member },
      include: { user: true },
    });
    expect(m.role).toBe("member");
    expect(m.companyId).toBe(A.company.companyId);
    expect(m.user.email).not.toBe("outro@teste.com.br");
  });

  it("editing a user changes name and role only, never the email, password or company", async () => {
    const prisma = await db();
    const before = await prisma.user.findUniqueOrThrow({ where: { id: A.userIds.admin } });
    const res = await call(updateUserRoute, {
      method: "PUT",
      token: A.tokens.owner,
      params: { id: A.userIds.admin },
      body: {
        name: "Admin Novo",
        role: "admin",
        email: "trocado@teste.com.br",
        password: "outra-senha-1",
        ...foreign(),
      },
    });
    expect(res.status).toBe(200);
    const after = await prisma.user.findUniqueOrThrow({ where: { id: A.userIds.admin } });
    expect(after.name).toBe("Admin Novo");
    expect([after.email, after.passwordHash]).toEqual([before.email, before.passwordHash]);
    expect(await prisma.membership.count({ where: { userId: A.userIds.admin, companyId: B.company.companyId } })).toBe(
      0,
    );
  });

  it("company settings cannot change the plan, the subscription or the id", async () => {
    const prisma = await db();
    const before = await prisma.subscription.findUniqueOrThrow({ where: { companyId: A.company.companyId } });
    const res = await call(companyProfileRoute, {
      method: "PUT",
      token: A.tokens.owner,
      body: {
        name: "Empresa A",
        slug: A.company.slug,
        plan_id: "pro",
        planId: "pro",
        status: "active",
        ends_at: "2099-01-01",
        ...foreign(),
      },
    });
    expect(res.status).toBe(200);
    expect(await prisma.subscription.findUniqueOrThrow({ where: { companyId: A.company.companyId } })).toEqual(before);
    expect(await prisma.company.count({ where: { id: A.company.companyId } })).toBe(1);
  });

  it("a visitor cannot choose the prize, the result or the redemption code of a spin", async () => {
    const prize = await createProduct(A.tokens.owner, { name: "Único", stock: 1 });
    const other = await createProduct(A.tokens.owner, { name: "Fora da roleta", stock: 5 });
    const wheel = await createWheel(A.tokens.owner);
    await addToWheel(A.tokens.owner, wheel.id, [{ product_id: prize.id, odds_weight: 1 }]);
    const res = await call(spinRoute, {
      params: { companySlug: A.company.slug, wheel: wheel.slug },
      body: {
        name: "Visitante",
        whatsapp: "11987654321",
        consent: true,
        product_id: other.id,
        productId: other.id,
        won: false,
        redemption_code: "AAAAAAAA",
        stock: 100,
        ...foreign(),
      },
    });
    expect(res.status).toBe(201);
    const prisma = await db();
    const spin = await prisma.spin.findFirstOrThrow({ where: { wheelId: wheel.id } });
    expect([spin.companyId, spin.productId, spin.won]).toEqual([A.company.companyId, prize.id, true]);
    expect(spin.redemptionCode).not.toBe("AAAAAAAA");
    expect((await prisma.product.findUniqueOrThrow({ where: { id: other.id } })).stock).toBe(5);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: prize.id } })).stock).toBe(0);
  });
});
