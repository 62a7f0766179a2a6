// Company profile API: plan, subscription and usage; owner-only updates; slug rules and conflicts.
import { describe, expect, it } from "vitest";
import { GET as checkSlugRoute } from "@/app/api/company/check-slug/[slug]/route";
import { GET as companyRoute, PUT as updateCompanyRoute } from "@/app/api/company/profile/route";
import { companyProfile } from "@/lib/company/profile";
import { db } from "@/lib/db/client";
import { addMember, createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

const DAY = 24 * 60 * 60 * 1000;

describe("GET /company/profile", () => {
  it("shows the company with its plan, trial subscription and usage, for every role", async () => {
    const c = await createCompany("Empresa Perfil");
    const member = await addMember(c.companyId, "member");
    const r = await call(companyRoute, { token: member.token });
    expect(r.status).toBe(200);
    const co = r.body.company;
    expect(co).toMatchObject({
      id: c.companyId,
      name: "Empresa Perfil",
      slug: c.slug,
      subscription_name: "Pro",
      phone: null,
    });
    expect(co.plan).toMatchObject({ name: "Pro", pricing: { yearly: 97, monthly: 8.08 } });
    expect(co.subscription).toMatchObject({ status: "trial", buyer_email: null });
    expect(new Date(co.subscription.ends_at).getTime() - new Date(co.subscription.starts_at).getTime()).toBe(14 * DAY);
    expect(co.usage).toEqual({
      wheels: { current: 0, limit: -1, percentage: 0, unlimited: true },
      products: { current: 0, limit: -1, percentage: 0, unlimited: true },
      spins_month: { current: 0, limit: -1, percentage: 0, unlimited: true },
    });
    expect((await call(companyRoute, {})).status).toBe(401);
  });

  it("after the trial the company is on Free and usage is measured against Free's limits", async () => {
    const c = await createCompany();
    const prisma = await db();
    await prisma.product.createMany({
      data: Array.from({ length: 7 }, (_, i) => ({ companyId: c.companyId, name: `P${i}`, description: "d" })),
    });
    await prisma.wheel.create({ data: { companyId: c.companyId, name: "Roleta", slug: "roleta" } });
    const ctx = { userId: c.owner.id, companyId: c.companyId, role: "owner" as const };
    const later = new Date(Date.now() + 15 * DAY);
    const { company } = await companyProfile(ctx, later);
    expect(company.plan.name).toBe("Free");
    expect(company.subscription_name).toBe("Free");
    expect(company.subscription?.status).toBe("expired");
    expect(company.usage.products).toEqual({ current: 7, limit: 10, percentage: 70, unlimited: false });
    expect(company.usage.wheels).toEqual({ current: 1, limit: 1, percentage: 100, unlimited: false });
    expect(company.usage.spins_month).toEqual({ current: 0, limit: 200, percentage: 0, unlimited: false });
    // Today it is still the trial.
    expect((await companyProfile(ctx)).company.plan.name).toBe("Pro");
  });
});

describe("PUT /company/profile", () => {
  it("only the owner updates: admin and member get the 403 text and nothing changes", async () => {
    const c = await createCompany("Intocada");
    for (const role of ["admin", "member"] as const) {
      const u = await addMember(c.companyId, role);
      const r = await call(updateCompanyRoute, {
        method: "PUT",
        token: u.token,
        body: { name: "Hack", slug: `hack-${role}-${Date.now()}` },
      });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("Apenas o proprietário pode atualizar os dados da empresa");
    }
    const row = await (await db()).company.findUniqueOrThrow({ where: { id: c.companyId } });
    expect([row.name, row.slug]).toEqual(["Intocada", c.slug]);
  });

  it("validates name, slug, email and phone with the messages", async () => {
    const c = await createCompany();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "", slug: "abc" }, "Nome da empresa é obrigatório"],
      [{ slug: "abc" }, "Nome da empresa é obrigatório"],
      [{ name: "a".repeat(256), slug: "abc-def" }, "Nome da empresa deve ter no máximo 255 caracteres"],
      [{ name: "A", slug: "ab" }, "Slug deve ter entre 3 e 50 caracteres"],
      [{ name: "A", slug: "a".repeat(51) }, "Slug deve ter entre 3 e 50 caracteres"],
      [{ name: "A", slug: "Com Espaço" }, "Slug deve conter apenas letras minúsculas, números e hífens"],
      [{ name: "A", slug: "MAIUSCULO" }, "Slug deve conter apenas letras minúsculas, números e hífens"],
      [{ name: "A", slug: c.slug, email: "nao-e-email" }, "Por favor, informe um email válido"],
      [{ name: "A", slug: c.slug, phone: "12345" }, "Telefone deve ter 10 ou 11 dígitos"],
      [{ name: "A", slug: c.slug, phone: "119876543210" }, "Telefone deve ter 10 ou 11 dígitos"],
    ];
    for (const [body, message] of cases) {
      const r = await call(updateCompanyRoute, { method: "PUT", token: c.owner.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBe(message);
    }
  });

  it("saves name, slug, email and phone digits; a taken slug is 409; another company is untouched", async () => {
    const a = await createCompany("Empresa A");
    const b = await createCompany("Empresa B");
    const taken = await call(updateCompanyRoute, {
      method: "PUT",
      token: a.owner.token,
      body: { name: "A", slug: b.slug },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe("Este slug já está em uso");

    const newSlug = `nova-${Date.now()}`;
    const ok = await call(updateCompanyRoute, {
      method: "PUT",
      token: a.owner.token,
      body: { name: "  Nome Novo ", slug: newSlug, email: "Contato@X.com", phone: "(11) 98765-4321" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.company).toMatchObject({
      id: a.companyId,
      name: "Nome Novo",
      slug: newSlug,
      phone: "11987654321",
      email: "contato@x.com",
    });
    expect(ok.body.company.usage.wheels.unlimited).toBe(true);
    // Keeping its own slug is fine; clearing email and phone stores null.
    const same = await call(updateCompanyRoute, {
      method: "PUT",
      token: a.owner.token,
      body: { name: "Nome Novo", slug: newSlug, email: "", phone: "" },
    });
    expect(same.status).toBe(200);
    expect(same.body.company).toMatchObject({ email: null, phone: null });
    const fixedLine = await call(updateCompanyRoute, {
      method: "PUT",
      token: a.owner.token,
      body: { name: "Nome Novo", slug: newSlug, phone: "1133334444" },
    });
    expect(fixedLine.body.company.phone).toBe("1133334444");

    const bRow = await (await db()).company.findUniqueOrThrow({ where: { id: b.companyId } });
    expect([bRow.name, bRow.slug]).toEqual(["Empresa B", b.slug]);
    // The old slug stays A's (its printed QR codes carry it): not available to others.
    expect((await call(checkSlugRoute, { token: b.owner.token, params: { slug: a.slug } })).body.available).toBe(false);
  });
});

describe("GET /company/check-slug/{slug}", () => {
  it("answers available for free slugs and the company's own, not for taken or malformed ones", async () => {
    const a = await createCompany();
    const b = await createCompany();
    const check = async (slug: string) => (await call(checkSlugRoute, { token: a.owner.token, params: { slug } })).body;
    expect(await check(a.slug)).toEqual({ available: true });
    expect(await check(b.slug)).toEqual({ available: false });
    expect(await check(`livre-${Date.now()}`)).toEqual({ available: true });
    expect(await check("ab")).toEqual({ available: false });
    expect(await check("Maiusculo")).toEqual({ available: false });
    expect(await check("a".repeat(51))).toEqual({ available: false });
    expect((await call(checkSlugRoute, { params: { slug: "qualquer" } })).status).toBe(401);
  });
});
