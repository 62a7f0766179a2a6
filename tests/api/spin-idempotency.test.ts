// The prize is never lost (docs/api.md "The prize is never lost (issue 13)"): a spin repeated with the same Idempotency-Key answers the
// first spin and records nothing; another body with that key is 422; simultaneous repeats make one lead.
import { describe, expect, it } from "vitest";
import { POST as eligibilityRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/eligibility/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { db } from "@/lib/db/client";
import { campaignWheel, newPhone } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

const spinWith = (c: TestCompany, wheel: string, key: string | null, body: Record<string, unknown>) =>
  call(spinRoute, {
    params: { companySlug: c.slug, wheel },
    body: { consent: true, ...body },
    headers: key === null ? {} : { "idempotency-key": key },
  });

async function setup(rules: Record<string, unknown> = {}) {
  const c = await createCompany("Loja Idempotente");
  const { wheel, products } = await campaignWheel(c, rules, [{ stock: 20 }]);
  return { c, wheel, products };
}

describe("spin Idempotency-Key", () => {
  it("replays the first answer (200, same code and timestamp) and records one lead", async () => {
    const { c, wheel, products } = await setup({ redeem_within_days: 7 });
    const body = { name: "Ana Souza", whatsapp: newPhone() };
    const first = await spinWith(c, wheel.slug, "form-1-abc", body);
    expect(first.status).toBe(201);
    expect(first.body.claim_url).toBe(`/w/${c.slug}/${wheel.slug}/premio/${first.body.redemption_code}`);
    expect(first.body.redeem_until).toMatch(/T02:59:59\.999Z$/); // 23:59:59.999 in São Paulo (UTC-3)
    const again = await spinWith(c, wheel.slug, "form-1-abc", body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const prisma = await db();
    expect(await prisma.spin.count({ where: { wheelId: wheel.id } })).toBe(1);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: products[0].id } })).stock).toBe(19);
  });

  it("replays the first answer when the wheel sold out with it: the retry of the last prize is not 410", async () => {
    const c = await createCompany("Loja Último Prêmio");
    const { wheel } = await campaignWheel(c, {}, [{ stock: 1 }]);
    const body = { name: "Bia Lima", whatsapp: newPhone() };
    const first = await spinWith(c, wheel.slug, "last-unit-1", body);
    expect(first.status).toBe(201);
    expect((await spinWith(c, wheel.slug, null, { name: "Outra", whatsapp: newPhone() })).status).toBe(410);
    const again = await spinWith(c, wheel.slug, "last-unit-1", body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const otherBody = await spinWith(c, wheel.slug, "last-unit-1", { ...body, name: "Bia L." });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.code).toBe("IDEMPOTENCY_MISMATCH");
  });

  it("answers 422 IDEMPOTENCY_MISMATCH for the same key with another body, 409 for another key", async () => {
    const { c, wheel } = await setup();
    const whatsapp = newPhone();
    expect((await spinWith(c, wheel.slug, "k-1", { name: "Bia", whatsapp })).status).toBe(201);
    const other = await spinWith(c, wheel.slug, "k-1", { name: "Bia", whatsapp: newPhone() });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("IDEMPOTENCY_MISMATCH");
    const renamed = await spinWith(c, wheel.slug, "k-1", { name: "Beatriz", whatsapp });
    expect(renamed.status).toBe(422);
    const newKey = await spinWith(c, wheel.slug, "k-2", { name: "Bia", whatsapp });
    expect(newKey.status).toBe(409);
    const noKey = await spinWith(c, wheel.slug, null, { name: "Bia", whatsapp });
    expect(noKey.status).toBe(409);
    expect(await (await db()).spin.count({ where: { wheelId: wheel.id } })).toBe(1);
  });

  it("keys belong to one wheel: the same key on another wheel is another spin", async () => {
    const { c, wheel } = await setup();
    const { wheel: second } = await campaignWheel(c, {}, [{ stock: 5 }]);
    const body = { name: "Caio", whatsapp: newPhone() };
    expect((await spinWith(c, wheel.slug, "shared", body)).status).toBe(201);
    expect((await spinWith(c, second.slug, "shared", body)).status).toBe(201);
  });

  it("refuses a malformed key with 400 and records nothing", async () => {
    const { c, wheel } = await setup();
    for (const key of ["com espaço", "x".repeat(256), "acentuação"]) {
      const res = await spinWith(c, wheel.slug, key, { name: "Duda", whatsapp: newPhone() });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/Idempotency-Key/);
    }
    expect(await (await db()).spin.count({ where: { wheelId: wheel.id } })).toBe(0);
  });

  it("10 simultaneous requests with one key make one lead and one code", async () => {
    const { c, wheel, products } = await setup();
    const body = { name: "Edu", whatsapp: newPhone() };
    const results = await Promise.all(Array.from({ length: 10 }, () => spinWith(c, wheel.slug, "burst-1", body)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    // A repeat answers the first spin; one still in flight may be told to retry (409 in progress).
    for (const r of results.filter((x) => x.status !== 201)) {
      if (r.status === 409) expect(r.body.code).toBe("IDEMPOTENCY_IN_PROGRESS");
      else expect(r.status).toBe(200);
    }
    const codes = new Set(results.filter((r) => r.status < 300).map((r) => r.body.redemption_code));
    expect(codes.size).toBe(1);
    const prisma = await db();
    expect(await prisma.spin.count({ where: { wheelId: wheel.id } })).toBe(1);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: products[0].id } })).stock).toBe(19);
  });

  it("replays a lost spin too (no claim_url, the no-prize message)", async () => {
    const c = await createCompany("Loja Sem Sorte");
    const { wheel } = await campaignWheel(c, { no_prize_weight: 1_000_000 }, [{ stock: 1, weight: 1 }]);
    const body = { name: "Fê", whatsapp: newPhone() };
    let first = await spinWith(c, wheel.slug, "lost-1", body);
    // One chance in a million of a win; the replay must equal the first answer either way.
    const again = await spinWith(c, wheel.slug, "lost-1", body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    first = again;
    if (first.body.result === "lost") expect(first.body.claim_url).toBeUndefined();
  });
});

describe("eligibility at 'Começar'", () => {
  it("answers eligible, then the spin's 409 once the number played; records nothing", async () => {
    const { c, wheel } = await setup();
    const whatsapp = newPhone();
    const ask = (w: string) =>
      call(eligibilityRoute, { params: { companySlug: c.slug, wheel: wheel.slug }, body: { whatsapp: w } });
    const before = await ask(whatsapp);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ eligible: true });
    expect(await (await db()).spin.count({ where: { wheelId: wheel.id } })).toBe(0);
    expect((await spinWith(c, wheel.slug, null, { name: "Gil", whatsapp })).status).toBe(201);
    // Any way of typing the number is the same number.
    const after = await ask(whatsapp.replace(/\D/g, ""));
    expect(after.status).toBe(409);
    expect(after.body.error).toBe("Este WhatsApp já foi utilizado nesta roleta.");
    const bad = await ask("123");
    expect(bad.status).toBe(400);
  });

  it("shares the spin's per-address rate limit (429 with Retry-After)", async () => {
    const { c, wheel } = await setup();
    const ip = "10.77.77.77";
    let last = 0;
    for (let i = 0; i < 31 && last !== 429; i++) {
      const res = await call(eligibilityRoute, {
        params: { companySlug: c.slug, wheel: wheel.slug },
        body: { whatsapp: newPhone() },
        ip,
      });
      last = res.status;
      if (res.status === 429) expect(res.headers.get("retry-after")).toBeTruthy();
    }
    expect(last).toBe(429);
  });
});
