// Shopify's one-click install and the privacy webhooks (docs/api.md "Connecting a real store in one
// click"), over the real handlers and the Shopify fake: a callback signed as Shopify signs it ->
// token exchange -> orders/paid and app-uninstalled; a forged hmac, an hour-old timestamp or a
// foreign state creates nothing; the privacy webhooks (Shopify's and Nuvemshop's) are 401 unsigned
// and customers/redact erases the customer's leads in that shop's company only.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as storesGet } from "@/app/api/integrations/stores/route";
import { GET as shopifyCallback } from "@/app/api/integrations/stores/shopify/callback/route";
import { GET as shopifyInstall } from "@/app/api/integrations/stores/shopify/install/route";
import { POST as nuvemCustomersRedact } from "@/app/api/webhooks/nuvemshop/customers/redact/route";
import { POST as dataRequest } from "@/app/api/webhooks/shopify/customers/data_request/route";
import { POST as customersRedact } from "@/app/api/webhooks/shopify/customers/redact/route";
import { POST as shopRedact } from "@/app/api/webhooks/shopify/shop/redact/route";
import { POST as webhookPost } from "@/app/api/webhooks/stores/[key]/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { normalizePhone } from "@/lib/phone";
import { ERASED_NAME } from "@/lib/lgpd/service";
import { campaignWheel, newPhone, spinOn } from "../helpers/campaign";
import { NUVEMSHOP_APP_SECRET, NUVEMSHOP_STORE } from "../helpers/fakes/nuvemshop";
import { SHOPIFY_API_KEY, SHOPIFY_API_SECRET, SHOPIFY_SHOP, SHOPIFY_TOKEN } from "../helpers/fakes/shopify";
import { delivery, type Delivery } from "../helpers/fakes/store-orders";
import { startStoreFakes } from "../helpers/fakes/stores";
import { addMember, createCompany, type TestCompany } from "../helpers/fixtures";
import { call, randomIp } from "../helpers/http";

const fakes = startStoreFakes();

beforeAll(() => {
  process.env.SHOPIFY_API_KEY = SHOPIFY_API_KEY;
  process.env.SHOPIFY_API_SECRET = SHOPIFY_API_SECRET;
  resetEnvCache();
});
afterAll(() => {
  delete process.env.SHOPIFY_API_KEY;
  delete process.env.SHOPIFY_API_SECRET;
  resetEnvCache();
});
afterEach(async () => {
  await (await db()).store.deleteMany({ where: { externalId: { not: null } } });
});

async function start(token: string, shop = SHOPIFY_SHOP) {
  const res = await call(shopifyInstall, { token, url: `/api/integrations/stores/shopify/install?shop=${shop}` });
  expect(res.status, res.text).toBe(302);
  const location = new URL(res.headers.get("location")!);
  expect(`${location.origin}${location.pathname}`).toBe(`https://${shop}/admin/oauth/authorize`);
  expect(location.searchParams.get("client_id")).toBe(SHOPIFY_API_KEY);
  expect(location.searchParams.get("scope")).toBe("read_discounts,write_discounts,read_orders");
  expect(location.searchParams.get("redirect_uri")).toMatch(/\/api\/integrations\/stores\/shopify\/callback$/);
  return location.searchParams.get("state")!;
}

const back = (token: string | undefined, query: string) =>
  call(shopifyCallback, { token, url: `/api/integrations/stores/shopify/callback?${query}` });

const storesOf = async (c: TestCompany) => (await db()).store.findMany({ where: { companyId: c.companyId } });

describe("Shopify install", () => {
  it("shop name -> authorize -> signed callback -> token -> store with orders/paid and app/uninstalled", async () => {
    const c = await createCompany("Instala Shopify");
    expect((await call(shopifyInstall, { token: c.owner.token, url: "/x?shop=loja.com.br" })).status).toBe(400);
    expect((await call(shopifyInstall, { token: c.owner.token, url: "/x?shop=-a.myshopify.com" })).status).toBe(400);
    const hooksBefore = fakes.shopify.webhooks.length;
    const res = await back(c.owner.token, fakes.shopify.callbackQuery(await start(c.owner.token)));
    expect(res.status, res.text).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/integrations?loja=conectada");
    const list = await call(storesGet, { token: c.owner.token });
    expect(list.body.stores).toEqual([
      expect.objectContaining({
        platform: "shopify",
        name: "Loja",
        store_url: `https://${SHOPIFY_SHOP}`,
        status: "ok",
        order_webhook: { status: "ok", last_error: null },
      }),
    ]);
    expect(list.text).not.toContain(SHOPIFY_TOKEN);
    const hooks = fakes.shopify.webhooks.slice(hooksBefore);
    expect(hooks.map((h) => h.topic).sort()).toEqual(["APP_UNINSTALLED", "ORDERS_CANCELLED", "ORDERS_PAID"]);

    // Signed with the app's secret: app-uninstalled on the store's URL marks it uninstalled.
    const url = list.body.stores[0].webhook_url as string;
    const post = (x: Delivery) =>
      call(webhookPost as never, { params: { key: x.key }, rawBody: x.rawBody, headers: x.headers });
    const shopBody = { id: 1, name: "Loja", domain: "www.minhaloja.com.br", myshopify_domain: SHOPIFY_SHOP };
    const d = fakes.shopify.appWebhook("app/uninstalled", shopBody, url);
    // A signed body that does not name this shop (a replayed order with the topic changed) is no uninstall.
    const replayed = fakes.shopify.appWebhook("app/uninstalled", { id: 5, total_price: "10.00" }, url);
    expect((await post(replayed)).status).toBe(200);
    expect((await storesOf(c))[0].status).toBe("ok");
    expect((await post({ ...d, headers: { ...d.headers, "x-shopify-hmac-sha256": "A".repeat(44) } })).status).toBe(401);
    expect((await storesOf(c))[0].status).toBe("ok");
    expect((await post(d)).status).toBe(200);
    expect((await storesOf(c))[0].status).toBe("uninstalled");

    // Reconnecting: the same store, ok again.
    expect((await back(c.owner.token, fakes.shopify.callbackQuery(await start(c.owner.token)))).status).toBe(302);
    const rows = await storesOf(c);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe("ok");
  });

  it("a forged hmac, an hour-old timestamp, another shop or a foreign state creates nothing", async () => {
    const a = await createCompany("Shopify Forjado");
    const admin = await addMember(a.companyId, "admin");
    const state = await start(a.owner.token);
    const forged = fakes.shopify.callbackQuery(state, { secret: "outro-segredo" });
    expect((await back(a.owner.token, forged)).status).toBe(400);
    const old = fakes.shopify.callbackQuery(state, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await back(a.owner.token, old)).status).toBe(400);
    // A parameter changed after signing.
    const tampered = fakes.shopify.callbackQuery(state).replace(`shop=${SHOPIFY_SHOP}`, "shop=outra.myshopify.com");
    expect((await back(a.owner.token, tampered)).status).toBe(400);
    const foreign = await back(admin.token, fakes.shopify.callbackQuery(state));
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe("INSTALL_STATE");
    expect((await back(undefined, fakes.shopify.callbackQuery(state))).body.code).toBe("INSTALL_STATE");
    // Signed for another shop than the one the install was started for.
    const elsewhere = await back(a.owner.token, fakes.shopify.callbackQuery(state, { shop: "outra.myshopify.com" }));
    expect(elsewhere.body.code).toBe("INSTALL_STATE");
    expect(await storesOf(a)).toHaveLength(0);
    // That state was used by the attempt above: a fresh one connects once.
    const fresh = await start(a.owner.token);
    expect((await back(a.owner.token, fakes.shopify.callbackQuery(fresh))).status).toBe(302);
    expect((await back(a.owner.token, fakes.shopify.callbackQuery(fresh))).body.code).toBe("INSTALL_STATE");
    expect(await storesOf(a)).toHaveLength(1);
  });
});

/** A lead of the company with this WhatsApp (and, set afterwards, this e-mail). */
async function lead(c: TestCompany, slug: string, whatsapp: string, email?: string) {
  const res = await spinOn(c, slug, whatsapp);
  expect(res.status, res.text).toBe(201);
  const prisma = await db();
  const spin = await prisma.spin.findFirstOrThrow({
    where: { companyId: c.companyId, whatsapp: normalizePhone(whatsapp) },
    orderBy: { createdAt: "desc" },
  });
  if (email) await prisma.spin.update({ where: { id: spin.id }, data: { email, emailKey: email } });
  return spin.id;
}

describe("privacy webhooks", () => {
  it("Shopify: 401 unsigned; customers/redact erases by e-mail or phone in that shop's company only", async () => {
    const shopOwner = await createCompany("Dona da Shopify");
    const other = await createCompany("Outra Empresa");
    expect(
      (await back(shopOwner.owner.token, fakes.shopify.callbackQuery(await start(shopOwner.owner.token)))).status,
    ).toBe(302);
    const { wheel: w1 } = await campaignWheel(shopOwner, {}, [{ stock: 100 }]);
    const { wheel: w2 } = await campaignWheel(other, {}, [{ stock: 100 }]);
    const phone = newPhone();
    const byPhone = await lead(shopOwner, w1.slug, phone);
    const byEmail = await lead(shopOwner, w1.slug, newPhone(), "cliente@exemplo.com.br");
    const untouched = await lead(shopOwner, w1.slug, newPhone());
    const otherCompany = await lead(other, w2.slug, phone, "cliente@exemplo.com.br");

    const body = {
      shop_id: 954889,
      shop_domain: SHOPIFY_SHOP,
      customer: { id: 191167, email: "cliente@exemplo.com.br", phone: `+55${phone.replace(/\D/g, "")}` },
      orders_to_redact: [],
    };
    const d = fakes.shopify.appWebhook("customers/redact", body);
    const post = (route: typeof customersRedact, x: Delivery) =>
      call(route as never, { rawBody: x.rawBody, headers: x.headers });
    for (const route of [dataRequest, customersRedact, shopRedact]) {
      expect((await post(route, { ...d, headers: { "content-type": "application/json" } })).status).toBe(401);
      const forged = fakes.shopify.appWebhook("customers/redact", body, undefined, "outro-segredo");
      expect((await post(route, forged)).status).toBe(401);
    }
    const prisma = await db();
    expect((await prisma.spin.findUniqueOrThrow({ where: { id: byPhone } })).anonymizedAt).toBeNull();

    expect((await post(dataRequest, fakes.shopify.appWebhook("customers/data_request", body))).status).toBe(200);
    expect((await post(customersRedact, d)).status).toBe(200);
    const name = async (id: string) => (await prisma.spin.findUniqueOrThrow({ where: { id } })).customerName;
    expect(await name(byPhone)).toBe(ERASED_NAME);
    expect(await name(byEmail)).toBe(ERASED_NAME);
    expect(await name(untouched)).not.toBe(ERASED_NAME);
    expect(await name(otherCompany)).not.toBe(ERASED_NAME);

    // shop/redact: the store and its credentials go; the company and its leads stay.
    const gone = fakes.shopify.appWebhook("shop/redact", { shop_id: 954889, shop_domain: SHOPIFY_SHOP });
    expect((await post(shopRedact, gone)).status).toBe(200);
    expect(await storesOf(shopOwner)).toHaveLength(0);
    expect(await name(untouched)).not.toBe(ERASED_NAME);
    // A shop we do not hold: 200, nothing to do.
    expect((await post(shopRedact, gone)).status).toBe(200);
  });

  it("Nuvemshop: 401 unsigned; customers/redact erases in the store's company", async () => {
    const c = await createCompany("Dona da Nuvem");
    const prisma = await db();
    const store = await prisma.store.create({
      data: {
        companyId: c.companyId,
        platform: "nuvemshop",
        name: "Nuvem",
        storeUrl: "https://loja.com.br",
        credentials: "v1.x",
        credentialsHint: "abcd",
        externalId: NUVEMSHOP_STORE,
      },
    });
    const { wheel: w } = await campaignWheel(c, {}, [{ stock: 100 }]);
    const phone = newPhone();
    const id = await lead(c, w.slug, phone);
    const body = {
      store_id: Number(NUVEMSHOP_STORE),
      customer: { id: 1, email: "x@exemplo.com.br", phone: phone.replace(/\D/g, "") },
      orders_to_redact: [],
    };
    const d = delivery(
      { topic: "customers/redact", url: "https://app.test/h" },
      body,
      NUVEMSHOP_APP_SECRET,
      "hex",
      "x-linkedstore-hmac-sha256",
    );
    expect(
      (
        await call(nuvemCustomersRedact as never, {
          rawBody: d.rawBody,
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(401);
    expect((await call(nuvemCustomersRedact as never, { rawBody: d.rawBody, headers: d.headers })).status).toBe(200);
    expect((await prisma.spin.findUniqueOrThrow({ where: { id } })).customerName).toBe(ERASED_NAME);
    expect(await prisma.store.count({ where: { id: store.id } })).toBe(1);
  });

  it("are limited per address: 120 a minute, then 429 (the platform sends again later)", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++)
      statuses.push((await call(dataRequest as never, { rawBody: "{}", headers: {}, ip })).status);
    expect(statuses.slice(0, 120).every((s) => s === 401)).toBe(true);
    expect(statuses[120]).toBe(429);
    // Another address is not held back.
    expect((await call(dataRequest as never, { rawBody: "{}", headers: {}, ip: randomIp() })).status).toBe(401);
  });
});
