// Issue 37 over HTTP on the production build (docs/decisions/whatsapp.md, docs/decisions/visitor-form.md):
// a foreign wa_id proves no Brazilian number, paid codes go to +55 only and stop at the company's
// daily cap (VERIFY_CAP), one play per person compares canonical contacts without telling which one
// matched, and POST /wheels keeps coupon_url. The Graph API is the local fake, as in whatsapp.spec.ts.
import { expect, test, type Page } from "@playwright/test";
import {
  e2eGraphPort,
  inboundText,
  postWebhook,
  startWhatsappFake,
  WA_APP_SECRET,
  WA_BUSINESS_PHONE,
  WA_PHONE_NUMBER_ID,
  WA_TOKEN,
  type WhatsappFake,
} from "../helpers/fakes/whatsapp";
import { apiPost, fromThisSite, signInByApi, signupByApi } from "./helpers";

let fake: WhatsappFake;
test.beforeAll(async () => {
  fake = await startWhatsappFake(WA_TOKEN, e2eGraphPort());
});
test.afterAll(async () => fake.close());

const post = (page: Page, path: string, data: unknown) => page.request.post(path, { data, headers: fromThisSite() });
const put = (page: Page, path: string, data: unknown) => page.request.put(path, { data, headers: fromThisSite() });

async function shop(page: Page, name: string) {
  const account = await signupByApi(page, name);
  await signInByApi(page, account);
  const { product } = await apiPost(page, "/api/products", { name: "Brinde", description: "Brinde", stock: 50 });
  return { account, product };
}

test("WhatsApp: a foreign wa_id proves nothing; codes +55 only, capped per day", async ({ page, baseURL }) => {
  const { account, product } = await shop(page, "Loja Confiança Zap");
  const settings = await put(page, "/api/integrations/whatsapp", {
    phone_number_id: WA_PHONE_NUMBER_ID,
    business_phone: WA_BUSINESS_PHONE,
    access_token: WA_TOKEN,
    app_secret: WA_APP_SECRET,
    code_template: "codigo_verificacao",
    daily_code_cap: 2,
  });
  expect(settings.status()).toBe(200);
  const { webhook_url: webhookUrl, daily_code_cap: cap } = await settings.json();
  expect(cap).toBe(2);
  const hook = `${baseURL}${new URL(webhookUrl).pathname}`;
  const { wheel } = await apiPost(page, "/api/wheels", {
    name: "Roleta Zap",
    slug: "roleta-zap",
    status: "active",
    verify_contact: "whatsapp",
    foreign_numbers: true,
  });
  await apiPost(page, `/api/wheels/${wheel.id}/products`, { products: [{ product_id: product.id }] });
  const base = `/api/public/${account.company.slug}/wheels/roleta-zap/verification`;
  const start = (whatsapp: string, method: string) => post(page, base, { whatsapp, method });
  const nonceOf = (link: string) => /Código: ([A-Z0-9]{6})/.exec(decodeURIComponent(link))![1];

  // Denmark's 45 91 23 45 67 writes the nonce of (45) 99123-4567: still pending.
  const pending = await (await start("(45) 99123-4567", "message")).json();
  expect(await postWebhook(hook, inboundText("4591234567", `Código: ${nonceOf(pending.wa_link)}`))).toBe(200);
  const after = await page.request.get(`${base}/${pending.verification_id}`);
  expect((await after.json()).status).toBe("pending");
  // The real Brazilian number, as an older account's wa_id: verified.
  expect(await postWebhook(hook, inboundText("554591234567", `Código: ${nonceOf(pending.wa_link)}`))).toBe(200);
  expect((await (await page.request.get(`${base}/${pending.verification_id}`)).json()).status).toBe("verified");

  // A code to the UK: refused while the company does not allow other countries.
  const uk = await start("+44 7911 123456", "code");
  expect(uk.status()).toBe(400);
  // Two codes to +55, then the daily cap.
  expect((await start("(11) 97000-0001", "code")).status()).toBe(201);
  expect((await start("(11) 97000-0002", "code")).status()).toBe(201);
  const capped = await start("(11) 97000-0003", "code");
  expect(capped.status()).toBe(429);
  expect((await capped.json()).code).toBe("VERIFY_CAP");
  expect(Number(capped.headers()["retry-after"])).toBeGreaterThan(0);
  // The free way stays open.
  expect((await start("(11) 97000-0003", "message")).status()).toBe(201);
});

test("one play per person: canonical contacts, one message for CPF and e-mail; POST keeps coupon_url", async ({
  page,
}) => {
  const { account, product } = await shop(page, "Loja Confiança Formulário");
  const { wheel } = await apiPost(page, "/api/wheels", {
    name: "Roleta Formulário",
    slug: "roleta-form",
    status: "active",
    coupon_url: "https://loja.com.br/desconto/{code}",
    fields: { email: "required", cpf: "required" },
    unique_by: ["whatsapp", "cpf", "email"],
  });
  expect(wheel.coupon_url).toBe("https://loja.com.br/desconto/{code}");
  await apiPost(page, `/api/wheels/${wheel.id}/products`, { products: [{ product_id: product.id }] });
  const path = `/api/public/${account.company.slug}/wheels/roleta-form`;
  const spin = (whatsapp: string, email: string, cpf: string) =>
    post(page, `${path}/spin`, { name: "Visitante", whatsapp, email, cpf, consent: true });

  expect((await spin("011 98765-4321", "ana.silva+2@gmail.com", "529.982.247-25")).status()).toBe(201);
  // The same number with the trunk 0 dropped.
  expect((await spin("11 98765-4321", "outra@exemplo.com.br", "111.444.777-35")).status()).toBe(409);
  // Another country's number on a Brazilian wheel.
  expect((await spin("+1 1987654321", "outra@exemplo.com.br", "111.444.777-35")).status()).toBe(400);
  // The Gmail alias and the CPF answer alike, at 'Começar' and at the spin.
  const byEmail = await post(page, `${path}/eligibility`, {
    whatsapp: "(21) 98765-0001",
    email: "anasilva@gmail.com",
    cpf: "111.444.777-35",
  });
  const byCpf = await post(page, `${path}/eligibility`, {
    whatsapp: "(21) 98765-0002",
    email: "outra@exemplo.com.br",
    cpf: "529.982.247-25",
  });
  expect([byEmail.status(), byCpf.status()]).toEqual([409, 409]);
  expect(await byEmail.json()).toEqual(await byCpf.json());
  expect((await byEmail.json()).error).toBe("Estes dados já foram utilizados nesta roleta.");
  // An underscore in the domain is not a throwaway address.
  expect((await spin("(21) 98765-0003", "z@my_domain.com", "111.444.777-35")).status()).toBe(201);
});
