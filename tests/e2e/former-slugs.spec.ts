// Over HTTP on the production server (docs/decisions/security.md "Former slugs and the public contact"): a renamed
// company's old addresses answer 308 to the current slug, pages and public API alike, another company cannot take the
// old slug, and the rules page shows the public contact e-mail but never the owner's login e-mail.
import { expect, test, type APIRequestContext } from "@playwright/test";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function signup(request: APIRequestContext, companyName: string) {
  const email = `e2e-slug-${unique()}@teste.com.br`;
  const res = await request.post("/api/auth/signup", {
    data: { companyName, name: "Pessoa E2E", email, password: "senha-e2e-123" },
  });
  expect(res.status()).toBe(201);
  const body = await res.json();
  return { email, slug: body.company.slug as string, headers: { authorization: `Bearer ${body.token}` } };
}

test("a renamed company's old addresses answer 308; its old slug stays its own", async ({ request }) => {
  const a = await signup(request, `Loja Cartaz ${unique()}`);
  const product = await request.post("/api/products", {
    headers: a.headers,
    data: { name: "Caneca", description: "Uma caneca", stock: 20, weight: 1 },
  });
  expect(product.status()).toBe(201);
  const wheelSlug = `roleta-${unique()}`;
  const wheel = await request.post("/api/wheels", {
    headers: a.headers,
    data: { name: "Roleta do Cartaz", slug: wheelSlug, status: "active" },
  });
  expect(wheel.status()).toBe(201);
  const wheelId = (await wheel.json()).wheel.id;
  const prizes = await request.post(`/api/wheels/${wheelId}/products`, {
    headers: a.headers,
    data: { products: [{ product_id: (await product.json()).product.id, odds_weight: 1 }] },
  });
  expect(prizes.status()).toBe(200);

  const old = a.slug;
  const next = `loja-nova-${unique()}`;
  const renamed = await request.put("/api/company/profile", {
    headers: a.headers,
    data: { name: "Loja Cartaz", slug: next, contact_email: "sac@loja-cartaz.com.br", phone: "(11) 98765-4321" },
  });
  expect(renamed.status()).toBe(200);

  const page = await request.get(`/w/${old}/${wheelSlug}?s=cartaz`, { maxRedirects: 0 });
  expect(page.status()).toBe(308);
  expect(page.headers().location).toMatch(new RegExp(`/w/${next}/${wheelSlug}\\?s=cartaz$`));
  const rules = await request.get(`/w/${old}/${wheelSlug}/regulamento`, { maxRedirects: 0 });
  expect(rules.status()).toBe(308);
  expect(rules.headers().location).toMatch(new RegExp(`/w/${next}/${wheelSlug}/regulamento$`));
  const api = await request.get(`/api/public/${old}/wheels/${wheelSlug}`, { maxRedirects: 0 });
  expect(api.status()).toBe(308);
  expect(api.headers().location).toBe(`/api/public/${next}/wheels/${wheelSlug}`);
  const spin = await request.post(`/api/public/${old}/wheels/${wheelSlug}/spin`, {
    data: { name: "Visitante", whatsapp: "(11) 91234-5678", consent: true },
    maxRedirects: 0,
  });
  expect(spin.status()).toBe(308);
  expect(spin.headers().location).toBe(`/api/public/${next}/wheels/${wheelSlug}/spin`);
  // Followed, the old address lands on the wheel.
  expect((await request.get(`/w/${old}/${wheelSlug}`)).status()).toBe(200);

  // The rules page: the public contact, never the login e-mail.
  const html = await (await request.get(`/w/${next}/${wheelSlug}/regulamento`)).text();
  expect(html).toContain("sac@loja-cartaz.com.br");
  expect(html).toContain("(11) 98765-4321");
  expect(html.toLowerCase()).not.toContain(a.email.toLowerCase());

  // Another company cannot take the old slug.
  const b = await signup(request, `Outra Loja ${unique()}`);
  const taken = await request.put("/api/company/profile", { headers: b.headers, data: { name: "B", slug: old } });
  expect(taken.status()).toBe(409);
  expect((await taken.json()).error).toBe("Este slug já está em uso");
});
