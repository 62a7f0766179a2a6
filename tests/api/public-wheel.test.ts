import { describe, expect, it, vi } from "vitest";
import { GET as wheelRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { GET as lookupRoute, POST as redeemRoute } from "@/app/api/spins/redeem/route";
import { db } from "@/lib/db/client";
import { addMember, createCompany, type TestCompany } from "../helpers/fixtures";
import { call, randomIp } from "../helpers/http";
import { addToWheel, createProduct, createWheel } from "../helpers/catalogue";

// Redemption codes queued here are handed out first (to force a collision); then random ones.
const codes = vi.hoisted(() => ({ queue: [] as string[] }));
vi.mock("@/lib/spins/draw/redemption-code", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/spins/draw/redemption-code")>();
  return { ...actual, newRedemptionCode: () => codes.queue.shift() ?? actual.newRedemptionCode() };
});

let phone = 900000000;
const nextPhone = () => `(11) 9${String(++phone).slice(-8, -4)}-${String(phone).slice(-4)}`;

async function setup(stocks: number[] = [5, 5], status: "active" | "draft" = "active") {
  const c = await createCompany("Loja Pública");
  const wheel = await createWheel(c.owner.token, { status, name: "Roleta Pública" });
  const products = [];
  for (const [i, stock] of stocks.entries()) {
    const p = await createProduct(c.owner.token, { name: `Prêmio ${i + 1}`, stock, weight: i + 1 });
    products.push(p);
  }
  if (status === "active") {
    await addToWheel(
      c.owner.token,
      wheel.id,
      products.filter((p) => p.stock > 0).map((p, i) => ({ product_id: p.id, odds_weight: i + 1 })),
    );
  } else {
    const prisma = await db();
    await prisma.wheelProduct.createMany({
      data: products.map((p) => ({ companyId: c.companyId, wheelId: wheel.id, productId: p.id, oddsWeight: 1 })),
    });
  }
  return { c, wheel, products };
}

const spinAs = (c: TestCompany, wheelRef: string, body: Record<string, unknown>, ip = randomIp()) =>
  call(spinRoute, { params: { companySlug: c.slug, wheel: wheelRef }, body, ip });

describe("GET /api/public/{company}/wheels/{wheel}", () => {
  it("answers by slug and by id with probabilities and no stock numbers", async () => {
    const { c, wheel } = await setup([5, 5]);
    for (const ref of [wheel.slug, wheel.id]) {
      const res = await call(wheelRoute, { params: { companySlug: c.slug, wheel: ref } });
      expect(res.status).toBe(200);
      expect(res.body.wheel).toEqual({
        name: "Roleta Pública",
        total_spins: 0,
        status: "open",
        starts_at: null,
        ends_at: null,
        draw_mode: "random",
        game: "wheel",
        authorization_number: null,
        theme: { primary_color: "#7c3aed", preset: "padrao", logo_url: null },
        rules_url: `/w/${c.slug}/${wheel.slug}/regulamento`,
      });
      expect(res.body.no_prize).toBeNull();
      expect(res.body.products.map((p: { probability: number }) => p.probability)).toEqual([33.33, 66.67]);
      expect(res.body.stats).toEqual({ has_available_prizes: true, available_products: 2 });
      expect(res.text).not.toContain("stock");
    }
  });

  it("hides drafts, unknown wheels and another company's wheel", async () => {
    const draft = await setup([1], "draft");
    const other = await setup([1]);
    const cases = [
      { companySlug: draft.c.slug, wheel: draft.wheel.slug },
      { companySlug: draft.c.slug, wheel: "nao-existe" },
      { companySlug: draft.c.slug, wheel: other.wheel.id },
      { companySlug: "empresa-inexistente", wheel: other.wheel.slug },
    ];
    for (const params of cases) {
      const res = await call(wheelRoute, { params });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("Roleta não encontrada");
    }
  });

  it("answers 200 with has_available_prizes false when nothing is in stock", async () => {
    const { c, wheel } = await setup([1]);
    const prisma = await db();
    await prisma.product.updateMany({ where: { companyId: c.companyId }, data: { stock: 0 } });
    const res = await call(wheelRoute, { params: { companySlug: c.slug, wheel: wheel.slug } });
    expect(res.status).toBe(200);
    expect(res.body.stats).toEqual({ has_available_prizes: false, available_products: 0 });
  });
});

describe("POST .../spin", () => {
  it("draws a prize, decrements its stock, stores the lead with consent proof and a code", async () => {
    const { c, wheel } = await setup([3]);
    const res = await spinAs(c, wheel.slug, {
      name: "Maria",
      whatsapp: "(11) 98765-4321",
      birthdate: "1990-05-01",
      consent: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.prize.name).toBe("Prêmio 1");
    expect(res.body.customer).toEqual({ name: "Maria", whatsapp: "+5511987654321" });
    expect(res.body.redemption_code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    const prisma = await db();
    const spin = await prisma.spin.findFirstOrThrow({ where: { companyId: c.companyId } });
    expect(spin).toMatchObject({
      won: true,
      consentVersion: "2026-11-v1",
      whatsapp: "+5511987654321",
      productName: "Prêmio 1",
      wheelName: "Roleta Pública",
    });
    expect(spin.consentAt).toBeInstanceOf(Date);
    expect(spin.customerBirthdate?.toISOString().slice(0, 10)).toBe("1990-05-01");
    expect((await prisma.product.findFirstOrThrow({ where: { companyId: c.companyId } })).stock).toBe(2);
    expect((await prisma.wheel.findUniqueOrThrow({ where: { id: wheel.id } })).spinCount).toBe(1);
  });

  it("refuses the same WhatsApp twice on one wheel (409), in any format", async () => {
    const { c, wheel } = await setup([5]);
    expect((await spinAs(c, wheel.slug, { name: "Ana", whatsapp: "11 98888-7777", consent: true })).status).toBe(201);
    const again = await spinAs(c, wheel.id, { name: "Ana", whatsapp: "+55 (11) 98888-7777", consent: true });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("Este WhatsApp já foi utilizado nesta roleta.");
    const prisma = await db();
    expect((await prisma.product.findFirstOrThrow({ where: { companyId: c.companyId } })).stock).toBe(4);
  });

  it("validates with the messages", async () => {
    const { c, wheel } = await setup([5]);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "", whatsapp: "11987654321", consent: true }, "Informe seu nome"],
      [{ name: "A", whatsapp: "", consent: true }, "Informe seu WhatsApp"],
      [{ name: "A", whatsapp: "11987654321" }, "Você deve aceitar os termos para continuar"],
      [{ name: "A", whatsapp: "11987654321", consent: false }, "Você deve aceitar os termos para continuar"],
      [{ name: "A", whatsapp: "123", consent: true }, "Informe um WhatsApp válido com DDD"],
      [
        { name: "A", whatsapp: "11987654321", birthdate: "2999-01-01", consent: true },
        "A data de nascimento não pode ser no futuro",
      ],
      [{ name: "x".repeat(256), whatsapp: "11987654321", consent: true }, "Nome deve ter no máximo 255 caracteres"],
    ];
    for (const [body, message] of cases) {
      const res = await spinAs(c, wheel.slug, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toBe(message);
    }
    const prisma = await db();
    expect(await prisma.spin.count({ where: { companyId: c.companyId } })).toBe(0);
  });

  it("answers 410 when sold out, recording nothing", async () => {
    const { c, wheel } = await setup([1]);
    expect((await spinAs(c, wheel.slug, { name: "A", whatsapp: nextPhone(), consent: true })).status).toBe(201);
    const res = await spinAs(c, wheel.slug, { name: "B", whatsapp: nextPhone(), consent: true });
    expect(res.status).toBe(410);
    const prisma = await db();
    expect(await prisma.spin.count({ where: { companyId: c.companyId } })).toBe(1);
    expect((await prisma.product.findFirstOrThrow({ where: { companyId: c.companyId } })).stock).toBe(0);
  });

  it("answers 404 for a draft wheel and 429 with Retry-After when one address floods", async () => {
    const draft = await setup([5], "draft");
    expect((await spinAs(draft.c, draft.wheel.slug, { name: "A", whatsapp: nextPhone(), consent: true })).status).toBe(
      404,
    );
    const { c, wheel } = await setup([100]);
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await spinAs(c, wheel.slug, { name: "A", whatsapp: nextPhone(), consent: true }, ip)).status);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    const last = await spinAs(c, wheel.slug, { name: "A", whatsapp: nextPhone(), consent: true }, ip);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers 402 when a Free company used its 200 spins this month", async () => {
    const { c, wheel } = await setup([5]);
    const prisma = await db();
    await prisma.subscription.update({ where: { companyId: c.companyId }, data: { status: "expired" } });
    await prisma.spin.createMany({
      data: Array.from({ length: 200 }, (_, i) => ({
        companyId: c.companyId,
        wheelId: wheel.id,
        wheelName: "x",
        customerName: "x",
        whatsapp: `+5500${i}`,
        consentAt: new Date(),
        consentVersion: "t",
      })),
    });
    const res = await spinAs(c, wheel.slug, { name: "A", whatsapp: nextPhone(), consent: true });
    expect(res.status).toBe(402);
    expect(res.body.error).toContain("limite de participações");
  });
});

describe("POST .../spin, one statement per write", () => {
  const spinsVersion = async (companyId: string) =>
    (await (await db()).company.findUniqueOrThrow({ where: { id: companyId }, select: { spinsVersion: true } }))
      .spinsVersion;

  it("bumps Company.spinsVersion once per recorded spin, never on a refused one", async () => {
    const { c, wheel } = await setup([2]);
    const v0 = await spinsVersion(c.companyId);
    const ana = nextPhone();
    expect((await spinAs(c, wheel.slug, { name: "Ana", whatsapp: ana, consent: true })).status).toBe(201);
    expect(await spinsVersion(c.companyId)).toBe(v0 + 1);
    expect((await spinAs(c, wheel.slug, { name: "Ana", whatsapp: ana, consent: true })).status).toBe(409);
    expect(await spinsVersion(c.companyId)).toBe(v0 + 1);
    expect((await spinAs(c, wheel.slug, { name: "Bia", whatsapp: nextPhone(), consent: true })).status).toBe(201);
    expect(await spinsVersion(c.companyId)).toBe(v0 + 2);
    expect((await spinAs(c, wheel.slug, { name: "Caio", whatsapp: nextPhone(), consent: true })).status).toBe(410);
    expect(await spinsVersion(c.companyId)).toBe(v0 + 2);
    const prisma = await db();
    expect((await prisma.wheel.findUniqueOrThrow({ where: { id: wheel.id } })).spinCount).toBe(2);
  });

  it("a returning visitor hears 409 even when the wheel is sold out or the month's spins are used", async () => {
    const { c, wheel } = await setup([1]);
    const ana = nextPhone();
    expect((await spinAs(c, wheel.slug, { name: "Ana", whatsapp: ana, consent: true })).status).toBe(201);
    const soldOut = await spinAs(c, wheel.slug, { name: "Ana", whatsapp: ana, consent: true });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.error).toBe("Este WhatsApp já foi utilizado nesta roleta.");

    const prisma = await db();
    await prisma.product.updateMany({ where: { companyId: c.companyId }, data: { stock: 5 } });
    await prisma.subscription.update({ where: { companyId: c.companyId }, data: { status: "expired" } });
    await prisma.spin.createMany({
      data: Array.from({ length: 200 }, (_, i) => ({
        companyId: c.companyId,
        wheelId: wheel.id,
        wheelName: "x",
        customerName: "x",
        whatsapp: `+5501${i}`,
        consentAt: new Date(),
        consentVersion: "t",
      })),
    });
    expect((await spinAs(c, wheel.slug, { name: "Ana", whatsapp: ana, consent: true })).status).toBe(409);
    expect((await spinAs(c, wheel.slug, { name: "Bia", whatsapp: nextPhone(), consent: true })).status).toBe(402);
  });

  it("applies the effective plan: Pro past its endsAt has Free's limit, Pro within it has none", async () => {
    const { c, wheel } = await setup([5]);
    const prisma = await db();
    await prisma.spin.createMany({
      data: Array.from({ length: 200 }, (_, i) => ({
        companyId: c.companyId,
        wheelId: wheel.id,
        wheelName: "x",
        customerName: "x",
        whatsapp: `+5502${i}`,
        consentAt: new Date(),
        consentVersion: "t",
      })),
    });
    const day = 24 * 60 * 60 * 1000;
    await prisma.subscription.update({
      where: { companyId: c.companyId },
      data: { planId: "pro", status: "active", endsAt: new Date(Date.now() - day) },
    });
    expect((await spinAs(c, wheel.slug, { name: "A", whatsapp: nextPhone(), consent: true })).status).toBe(402);
    await prisma.subscription.update({
      where: { companyId: c.companyId },
      data: { endsAt: new Date(Date.now() + day) },
    });
    expect((await spinAs(c, wheel.slug, { name: "A", whatsapp: nextPhone(), consent: true })).status).toBe(201);
  });

  it("draws a new redemption code when the first one is taken in the company", async () => {
    const { c, wheel } = await setup([5]);
    codes.queue.push("AAAA2222");
    expect(
      (await spinAs(c, wheel.slug, { name: "A", whatsapp: nextPhone(), consent: true })).body.redemption_code,
    ).toBe("AAAA2222");
    codes.queue.push("AAAA2222", "BBBB3333");
    const res = await spinAs(c, wheel.slug, { name: "B", whatsapp: nextPhone(), consent: true });
    expect(res.status).toBe(201);
    expect(res.body.redemption_code).toBe("BBBB3333");
    const prisma = await db();
    expect(await prisma.spin.count({ where: { companyId: c.companyId } })).toBe(2);
    expect((await prisma.product.findFirstOrThrow({ where: { companyId: c.companyId } })).stock).toBe(3);
    expect((await prisma.wheel.findUniqueOrThrow({ where: { id: wheel.id } })).spinCount).toBe(2);
  });
});

describe("POST /api/spins/redeem", () => {
  it("redeems once, then 409 with the time; another company's code is 404; members may redeem", async () => {
    const { c, wheel } = await setup([5]);
    const other = await createCompany();
    const won = await spinAs(c, wheel.slug, { name: "Zé", whatsapp: nextPhone(), consent: true });
    const code = won.body.redemption_code as string;
    const look = await call(lookupRoute, { token: c.owner.token, url: `/api/spins/redeem?code=${code.toLowerCase()}` });
    expect(look.body.spin).toMatchObject({ customer_name: "Zé", redeemed_at: null });
    const first = await call(redeemRoute, { token: c.owner.token, body: { redemption_code: code } });
    expect(first.status).toBe(200);
    expect(first.body.spin.redeemed_at).not.toBeNull();
    const second = await call(redeemRoute, { token: c.owner.token, body: { redemption_code: code } });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatch(/já foi resgatado em \d{2}\/\d{2}\/\d{4}/);
    expect(second.body.details.redeemed_at).toBe(first.body.spin.redeemed_at);
    expect((await call(redeemRoute, { token: other.owner.token, body: { redemption_code: code } })).status).toBe(404);
    const member = await addMember(c.companyId, "member");
    // Members stand at the counter too (redeem_prizes): they hear the same 409 for a used code.
    expect((await call(redeemRoute, { token: member.token, body: { redemption_code: code } })).status).toBe(409);
  });
});
