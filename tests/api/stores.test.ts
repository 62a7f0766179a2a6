// Integrações -> Lojas over HTTP: credentials checked at once, encrypted at rest, never returned;
// another company's store is not found; a member may not manage stores.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as storeDelete } from "@/app/api/integrations/stores/[id]/route";
import { GET as storesGet, POST as storesPost } from "@/app/api/integrations/stores/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { decryptSecret } from "@/lib/security/secrets";
import { NUVEMSHOP_STORE, NUVEMSHOP_TOKEN, startNuvemshop } from "../helpers/fakes/nuvemshop";
import type { Fake } from "../helpers/fakes/server";
import { SHOPIFY_TOKEN, startShopify } from "../helpers/fakes/shopify";
import { startWooCommerce, WOO_KEY, WOO_SECRET } from "../helpers/fakes/woocommerce";
import { addMember, createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

let nuvem: Fake;
let shop: Fake;
let woo: Fake;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
  resetEnvCache();
  [nuvem, shop, woo] = await Promise.all([startNuvemshop(), startShopify(), startWooCommerce()]);
  process.env.NUVEMSHOP_API_URL = nuvem.url;
  process.env.SHOPIFY_API_URL = shop.url;
});

afterAll(async () => {
  await Promise.all([nuvem.close(), shop.close(), woo.close()]);
  delete process.env.NUVEMSHOP_API_URL;
  delete process.env.SHOPIFY_API_URL;
  delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
  resetEnvCache();
});

const bodies = () => ({
  nuvemshop: {
    platform: "nuvemshop",
    name: "Nuvem",
    store_url: "https://loja.com.br",
    credentials: { store_id: NUVEMSHOP_STORE, user_id: "77", access_token: NUVEMSHOP_TOKEN },
  },
  shopify: {
    platform: "shopify",
    name: "Shopify",
    store_url: "https://minha-loja.myshopify.com",
    credentials: { access_token: SHOPIFY_TOKEN },
  },
  woocommerce: {
    platform: "woocommerce",
    name: "Woo",
    store_url: woo.url,
    credentials: { consumer_key: WOO_KEY, consumer_secret: WOO_SECRET },
  },
});

describe("stores", () => {
  it("connects each platform after checking it; secrets encrypted and never returned", async () => {
    const c = await createCompany("Lojas");
    for (const [platform, body] of Object.entries(bodies())) {
      const res = await call(storesPost, { token: c.owner.token, body });
      expect(res.status, res.text).toBe(201);
      expect(res.body.store).toMatchObject({ platform, status: "ok", credentials: { configured: true } });
      for (const value of Object.values(body.credentials).filter((v) => v.length > 4))
        expect(res.text).not.toContain(value);
    }
    const list = await call(storesGet, { token: c.owner.token });
    expect(list.body.stores).toHaveLength(3);
    expect(list.text).not.toContain(SHOPIFY_TOKEN);
    expect(list.text).not.toContain(WOO_SECRET);
    expect(list.body.stores[1].credentials).toEqual({ configured: true, last4: SHOPIFY_TOKEN.slice(-4) });

    const prisma = await db();
    const row = await prisma.store.findFirstOrThrow({ where: { companyId: c.companyId, platform: "shopify" } });
    expect(row.credentials).toMatch(/^v1\./);
    expect(row.credentials).not.toContain(SHOPIFY_TOKEN);
    expect(JSON.parse(decryptSecret(row.credentials, `store:${row.id}`))).toEqual({ access_token: SHOPIFY_TOKEN });
    // Bound to its row: the same ciphertext does not open as another store's.
    expect(() => decryptSecret(row.credentials, "store:another")).toThrow();
  });

  it("refuses bad credentials (STORE_AUTH), an unreachable store (STORE_UNREACHABLE), a bad body (400)", async () => {
    const c = await createCompany("Lojas Recusadas");
    const b = bodies();
    const auth = await call(storesPost, {
      token: c.owner.token,
      body: { ...b.woocommerce, credentials: { consumer_key: "ck_errado", consumer_secret: "cs_errado" } },
    });
    expect(auth.status).toBe(400);
    expect(auth.body.code).toBe("STORE_AUTH");
    const down = await call(storesPost, {
      token: c.owner.token,
      body: { ...b.woocommerce, store_url: "http://127.0.0.1:1" },
    });
    expect(down.status).toBe(400);
    expect(down.body.code).toBe("STORE_UNREACHABLE");
    const notShopify = await call(storesPost, {
      token: c.owner.token,
      body: { ...b.shopify, store_url: "https://loja.com.br" },
    });
    expect(notShopify.status).toBe(400);
    expect(notShopify.text).toContain(".myshopify.com");
    const prisma = await db();
    expect(await prisma.store.count({ where: { companyId: c.companyId } })).toBe(0);
  });

  it("another company's store: not listed, 404 on delete; a member: 403", async () => {
    const a = await createCompany("Dona da Loja");
    const b = await createCompany("Atacante de Loja");
    const created = await call(storesPost, { token: a.owner.token, body: bodies().shopify });
    const id = created.body.store.id as string;
    expect((await call(storesGet, { token: b.owner.token })).body.stores).toEqual([]);
    expect((await call(storeDelete, { method: "DELETE", token: b.owner.token, params: { id } })).status).toBe(404);
    const member = await addMember(a.companyId, "member");
    expect((await call(storesGet, { token: member.token })).status).toBe(403);
    expect((await call(storesPost, { token: member.token, body: bodies().shopify })).status).toBe(403);
    expect((await call(storeDelete, { method: "DELETE", token: member.token, params: { id } })).status).toBe(403);
    expect((await call(storeDelete, { method: "DELETE", token: a.owner.token, params: { id } })).status).toBe(200);
    expect((await call(storesGet, { token: a.owner.token })).body.stores).toEqual([]);
  });
});
