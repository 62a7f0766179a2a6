// A released slug cannot be taken over (docs/decisions/security.md "Former slugs and the public contact"): a
// company's former slugs stay reserved to it, and its old public addresses (printed QR posters)
// answer 308 to the current slug, pages and public API alike. The same holds for a wheel's former
// slugs within its company.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as signupRoute } from "@/app/api/auth/signup/route";
import { GET as checkSlugRoute } from "@/app/api/company/check-slug/[slug]/route";
import { GET as openApiRoute } from "@/app/api/openapi.json/route";
import { PUT as updateCompanyRoute } from "@/app/api/company/profile/route";
import { GET as publicWheelRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/route";
import { POST as eligibilityRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/eligibility/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { POST as viewRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/view/route";
import { POST as createWheelRoute } from "@/app/api/wheels/route";
import WheelPage from "@/app/w/[companySlug]/[slug]/page";
import ClaimPage from "@/app/w/[companySlug]/[slug]/premio/[code]/page";
import RulesPage from "@/app/w/[companySlug]/[slug]/regulamento/page";
import { db } from "@/lib/db/client";
import { campaignWheel, newPhone, spinOn, updateWheel } from "../helpers/campaign";
import { createCompany, PASSWORD, type TestCompany } from "../helpers/fixtures";
import { call, uniqueEmail } from "../helpers/http";
import { getPage } from "../helpers/pages";

const TAKEN = "Este slug já está em uso";
const tag = () => randomUUID().slice(0, 6);

const rename = (c: TestCompany, slug: string) =>
  call(updateCompanyRoute, { method: "PUT", token: c.owner.token, body: { name: "Empresa", slug } });

async function slugOf(companyId: string) {
  return (await (await db()).company.findUniqueOrThrow({ where: { id: companyId } })).slug;
}

/** Company A with an active wheel (one prize that always wins), renamed once: old -> new. */
async function renamedCompany() {
  const a = await createCompany(`Loja Antiga ${tag()}`);
  const { wheel } = await campaignWheel(a, {}, [{ name: "Caneca", stock: 50 }]);
  const old = a.slug;
  const next = `loja-nova-${tag()}`;
  expect((await rename(a, next)).status).toBe(200);
  return { a: { ...a, slug: next }, old, next, wheel };
}

describe("a company's former slug stays its own", () => {
  it("another company taking it gets 409 and keeps its slug; check-slug says unavailable", async () => {
    const { a, old, next } = await renamedCompany();
    const b = await createCompany(`Loja B ${tag()}`);
    const taken = await rename(b, old);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: "CONFLICT", error: TAKEN });
    expect(await slugOf(b.companyId)).toBe(b.slug);
    expect((await call(checkSlugRoute, { token: b.owner.token, params: { slug: old } })).body.available).toBe(false);
    // A itself may take it back; then the slug it leaves is reserved to it in turn.
    expect((await call(checkSlugRoute, { token: a.owner.token, params: { slug: old } })).body.available).toBe(true);
    expect((await rename(a, old)).status).toBe(200);
    expect(await slugOf(a.companyId)).toBe(old);
    expect((await rename(b, next)).status).toBe(409);
    expect(await slugOf(b.companyId)).toBe(b.slug);
  });

  it("a sign-up whose generated slug is a former slug gets another one", async () => {
    const name = `Padaria Reservada ${tag()}`;
    const first = await createCompany(name);
    const moved = `padaria-movida-${tag()}`;
    expect((await rename(first, moved)).status).toBe(200);
    const res = await call(signupRoute, {
      body: { companyName: name, name: "Outra Pessoa", email: uniqueEmail("dono"), password: PASSWORD },
    });
    expect(res.status).toBe(201);
    expect(res.body.company.slug).not.toBe(first.slug);
    expect(res.body.company.slug.startsWith(first.slug)).toBe(true);
  });
});

describe("old public addresses answer 308 to the current slug", () => {
  it("the wheel page, rules page and claim page, with the rest of the path and the query", async () => {
    const { old, next, wheel, a } = await renamedCompany();
    const won = await spinOn(a, wheel.slug);
    expect(won.status).toBe(201);
    const code = won.body.redemption_code as string;

    const page = await getPage(WheelPage, { companySlug: old, slug: wheel.slug }, { utm_source: "cartaz", s: "qr" });
    expect(page).toMatchObject({ status: 308, location: `/w/${next}/${wheel.slug}?utm_source=cartaz&s=qr` });
    const rules = await getPage(RulesPage, { companySlug: old, slug: wheel.slug });
    expect(rules).toMatchObject({ status: 308, location: `/w/${next}/${wheel.slug}/regulamento` });
    const claim = await getPage(ClaimPage, { companySlug: old, slug: wheel.slug, code });
    expect(claim).toMatchObject({ status: 308, location: `/w/${next}/${wheel.slug}/premio/${code}` });
    // The current address renders; an address that never existed is still 404, not a redirect.
    expect((await getPage(WheelPage, { companySlug: next, slug: wheel.slug })).status).toBe(200);
    expect((await getPage(WheelPage, { companySlug: `nunca-existiu-${tag()}`, slug: wheel.slug })).status).toBe(404);
    expect((await getPage(WheelPage, { companySlug: next, slug: "roleta-que-nao-existe" })).status).toBe(404);
  });

  it("the public API by the old slug: 308 with the same path and query; nothing is recorded", async () => {
    const { old, next, wheel, a } = await renamedCompany();
    const base = `/api/public/${old}/wheels/${wheel.slug}`;
    const moved = `/api/public/${next}/wheels/${wheel.slug}`;
    const params = { companySlug: old, wheel: wheel.slug };

    const get = await call(publicWheelRoute, { url: `${base}?x=1`, params });
    expect(get.status).toBe(308);
    expect(get.headers.get("location")).toBe(`${moved}?x=1`);
    const whatsapp = newPhone();
    const body = { name: "Visitante", whatsapp, consent: true };
    const spin = await call(spinRoute, { url: `${base}/spin`, params, body });
    expect(spin.status).toBe(308);
    expect(spin.headers.get("location")).toBe(`${moved}/spin`);
    const check = await call(eligibilityRoute, { url: `${base}/eligibility`, params, body: { whatsapp } });
    expect(check.status).toBe(308);
    const view = await call(viewRoute, { url: `${base}/view`, params, body: {}, headers: { "user-agent": "Mozilla" } });
    expect(view.status).toBe(308);
    expect(view.headers.get("location")).toBe(`${moved}/view`);
    expect(await (await db()).spin.count({ where: { companyId: a.companyId, wheelId: wheel.id } })).toBe(0);
    // Unknown slugs stay 404.
    const unknown = await call(publicWheelRoute, { params: { companySlug: `nada-${tag()}`, wheel: wheel.slug } });
    expect(unknown.status).toBe(404);
  });
});

describe("a wheel's former slug stays its own within the company", () => {
  it("its old addresses answer 308; another wheel of the company cannot take it; other companies can", async () => {
    const c = await createCompany(`Loja Roletas ${tag()}`);
    const { wheel } = await campaignWheel(c, {}, [{ name: "Boné", stock: 5 }]);
    const renamed = `roleta-nova-${tag()}`;
    expect((await updateWheel(c, wheel.id, { slug: renamed })).status).toBe(200);

    const page = await getPage(WheelPage, { companySlug: c.slug, slug: wheel.slug }, { s: "balcao" });
    expect(page).toMatchObject({ status: 308, location: `/w/${c.slug}/${renamed}?s=balcao` });
    const rules = await getPage(RulesPage, { companySlug: c.slug, slug: wheel.slug });
    expect(rules).toMatchObject({ status: 308, location: `/w/${c.slug}/${renamed}/regulamento` });
    const api = await call(publicWheelRoute, {
      url: `/api/public/${c.slug}/wheels/${wheel.slug}`,
      params: { companySlug: c.slug, wheel: wheel.slug },
    });
    expect(api.status).toBe(308);
    expect(api.headers.get("location")).toBe(`/api/public/${c.slug}/wheels/${renamed}`);

    const clash = await call(createWheelRoute, {
      token: c.owner.token,
      body: { name: "Outra", slug: wheel.slug, status: "active" },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe("Já existe uma roleta com este slug");

    const other = await createCompany(`Outra Loja ${tag()}`);
    const own = await call(createWheelRoute, {
      token: other.owner.token,
      body: { name: "Dela", slug: wheel.slug, status: "draft" },
    });
    expect(own.status).toBe(201);

    // The wheel takes its own former slug back.
    expect((await updateWheel(c, wheel.id, { slug: wheel.slug })).status).toBe(200);
    expect((await getPage(WheelPage, { companySlug: c.slug, slug: wheel.slug })).status).toBe(200);
    const moved = await getPage(WheelPage, { companySlug: c.slug, slug: renamed });
    expect(moved).toMatchObject({ status: 308, location: `/w/${c.slug}/${wheel.slug}` });
  });
});

describe("the OpenAPI document", () => {
  it("gives each public wheel route its 308 answer, and no other route one", async () => {
    const doc = (await call(openApiRoute as never, { url: "/api/openapi.json" })).body;
    const moved = Object.entries(doc.paths as Record<string, Record<string, { responses: object }>>).flatMap(
      ([path, item]) =>
        Object.entries(item)
          .filter(([, op]) => "308" in op.responses)
          .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    const base = "/api/public/{companySlug}/wheels/{wheel}";
    expect(moved.sort()).toEqual([`GET ${base}`, `POST ${base}/eligibility`, `POST ${base}/spin`, `POST ${base}/view`]);
  });
});
