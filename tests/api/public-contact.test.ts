// The public pages never show a login e-mail (docs/decisions/security.md "Former slugs and the public contact"): the
// rules page prints the company's public contact_email and phone, and the owner's login e-mail (which sign-up also
// stores as the company's internal e-mail) appears on no public page.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as companyRoute, PUT as updateCompanyRoute } from "@/app/api/company/profile/route";
import { GET as openApiRoute } from "@/app/api/openapi.json/route";
import { GET as publicWheelRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/route";
import WheelPage from "@/app/w/[companySlug]/[slug]/page";
import ClaimPage from "@/app/w/[companySlug]/[slug]/premio/[code]/page";
import RulesPage from "@/app/w/[companySlug]/[slug]/regulamento/page";
import { campaignWheel, spinOn } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { getPage } from "../helpers/pages";

const update = (c: TestCompany, body: Record<string, unknown>) =>
  call(updateCompanyRoute, {
    method: "PUT",
    token: c.owner.token,
    body: { name: "Loja Contato", slug: c.slug, ...body },
  });

describe("company contact_email", () => {
  it("is optional, validated, saved lower-case, cleared by an empty string, and read back by GET", async () => {
    const c = await createCompany(`Loja Contato ${randomUUID().slice(0, 6)}`);
    expect((await call(companyRoute, { token: c.owner.token })).body.company.contact_email).toBeNull();
    const bad = await update(c, { contact_email: "nao-e-email" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Por favor, informe um email válido");
    expect(bad.body.details.fields.contact_email).toBe("Por favor, informe um email válido");

    const ok = await update(c, { contact_email: " Atendimento@Loja.com.br " });
    expect(ok.status).toBe(200);
    expect(ok.body.company.contact_email).toBe("atendimento@loja.com.br");
    expect((await call(companyRoute, { token: c.owner.token })).body.company.contact_email).toBe(
      "atendimento@loja.com.br",
    );
    // Leaving it out keeps it; "" clears it.
    expect((await update(c, {})).body.company.contact_email).toBe("atendimento@loja.com.br");
    expect((await update(c, { contact_email: "" })).body.company.contact_email).toBeNull();
  });
});

describe("the OpenAPI document", () => {
  it("documents contact_email in the company profile's body", async () => {
    const doc = (await call(openApiRoute as never, { url: "/api/openapi.json" })).body;
    const body = doc.paths["/api/company/profile"].put.requestBody.content["application/json"].schema;
    expect(body.properties.contact_email.description).toMatch(/rules page/);
    expect(doc.paths["/api/company/profile"].get.description).toContain("contact_email");
  });
});

describe("public pages and the owner's login e-mail", () => {
  it("the rules page shows contact_email and the phone, never the login e-mail", async () => {
    const c = await createCompany(`Loja Regulamento ${randomUUID().slice(0, 6)}`);
    const { wheel } = await campaignWheel(c, {}, [{ name: "Boné", stock: 5 }]);
    const params = { companySlug: c.slug, slug: wheel.slug };

    const before = await getPage(RulesPage, params);
    expect(before.status).toBe(200);
    expect(before.html).toContain("Regulamento da promoção");
    expect(before.html.toLowerCase()).not.toContain(c.owner.email.toLowerCase());

    expect((await update(c, { contact_email: "sac@loja-contato.com.br", phone: "(11) 98765-4321" })).status).toBe(200);
    const after = await getPage(RulesPage, params);
    expect(after.html).toContain("sac@loja-contato.com.br");
    expect(after.html).toContain("(11) 98765-4321");
    expect(after.html.toLowerCase()).not.toContain(c.owner.email.toLowerCase());
  });

  it("the wheel page, its public API and the claim page never carry the login e-mail", async () => {
    const c = await createCompany(`Loja Publica ${randomUUID().slice(0, 6)}`);
    const { wheel } = await campaignWheel(c, {}, [{ name: "Caneca", stock: 5 }]);
    const email = c.owner.email.toLowerCase();
    const page = await getPage(WheelPage, { companySlug: c.slug, slug: wheel.slug });
    expect(page.status).toBe(200);
    expect(page.html.toLowerCase()).not.toContain(email);
    const api = await call(publicWheelRoute, { params: { companySlug: c.slug, wheel: wheel.slug } });
    expect(api.status).toBe(200);
    expect(api.text.toLowerCase()).not.toContain(email);
    const won = await spinOn(c, wheel.slug);
    expect(won.text.toLowerCase()).not.toContain(email);
    const claim = await getPage(ClaimPage, {
      companySlug: c.slug,
      slug: wheel.slug,
      code: won.body.redemption_code as string,
    });
    expect(claim.status).toBe(200);
    expect(claim.html.toLowerCase()).not.toContain(email);
  });
});
