// One-click store installs (docs/api.md "Connecting a real store in one click") over the real route
// handlers and the platform fakes: Nuvemshop's authorize -> callback -> token exchange (one use per
// code) -> store read -> webhooks and script; a wrong, reused, expired or foreign state creates
// nothing; a second install updates the one store; app-uninstalled signed -> uninstalled.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as storesGet, POST as storesPost } from "@/app/api/integrations/stores/route";
import { PUT as storefrontPut } from "@/app/api/integrations/stores/[id]/storefront/route";
import { POST as experimentCreate } from "@/app/api/experiments/route";
import { DELETE as storeDelete } from "@/app/api/integrations/stores/[id]/route";
import { GET as nuvemCallback } from "@/app/api/integrations/stores/nuvemshop/callback/route";
import { GET as nuvemInstall } from "@/app/api/integrations/stores/nuvemshop/install/route";
import { POST as webhookPost } from "@/app/api/webhooks/stores/[key]/route";
import { POST as wooCallback } from "@/app/api/integrations/stores/woocommerce/callback/route";
import { GET as wooInstall } from "@/app/api/integrations/stores/woocommerce/install/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { decryptSecret } from "@/lib/security/secrets";
import {
  NUVEMSHOP_APP_ID,
  NUVEMSHOP_APP_SECRET,
  NUVEMSHOP_STORE,
  NUVEMSHOP_TOKEN,
  NUVEMSHOP_TOKEN_PATH,
} from "../helpers/fakes/nuvemshop";
import { delivery } from "../helpers/fakes/store-orders";
import { WOO_KEY, WOO_SECRET } from "../helpers/fakes/woocommerce";
import { startStoreFakes, storeInput } from "../helpers/fakes/stores";
import { createWheel } from "../helpers/catalogue";
import { addMember, createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

const fakes = startStoreFakes();
const AUTH_URL = "https://auth.nuvem.test";
const INSTALL_ENV = ["NUVEMSHOP_APP_ID", "NUVEMSHOP_AUTH_URL", "NUVEMSHOP_TOKEN_URL", "NUVEMSHOP_SCRIPT_ID"];

beforeAll(() => {
  process.env.NUVEMSHOP_APP_ID = NUVEMSHOP_APP_ID;
  process.env.NUVEMSHOP_AUTH_URL = AUTH_URL;
  process.env.NUVEMSHOP_TOKEN_URL = `${fakes.nuvem.url}${NUVEMSHOP_TOKEN_PATH}`;
  process.env.NUVEMSHOP_SCRIPT_ID = "777";
  resetEnvCache();
});
afterAll(() => {
  for (const k of INSTALL_ENV) delete process.env[k];
  resetEnvCache();
});
// The fake serves one store id; the platform gives each store to one company.
afterEach(async () => {
  await (await db()).store.deleteMany({ where: { externalId: { not: null } } });
});

/** The owner starts the install: the state in the authorize URL Lojas sent the browser to. */
async function startNuvemshop(token: string) {
  const res = await call(nuvemInstall, { token, url: "/api/integrations/stores/nuvemshop/install" });
  expect(res.status, res.text).toBe(302);
  const location = new URL(res.headers.get("location")!);
  expect(`${location.origin}${location.pathname}`).toBe(`${AUTH_URL}/apps/${NUVEMSHOP_APP_ID}/authorize`);
  return location.searchParams.get("state")!;
}

const nuvemBack = (token: string | undefined, state: string, code = fakes.nuvem.authorize()) =>
  call(nuvemCallback, {
    token,
    url: `/api/integrations/stores/nuvemshop/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
  });

const storesOf = async (c: TestCompany) => (await db()).store.findMany({ where: { companyId: c.companyId } });

describe("Nuvemshop install", () => {
  it("authorize -> callback: the store with its name and address, webhooks and script, token encrypted", async () => {
    const c = await createCompany("Instala Nuvem");
    const state = await startNuvemshop(c.owner.token);
    const hooksBefore = fakes.nuvem.webhooks.length;
    const res = await nuvemBack(c.owner.token, state);
    expect(res.status, res.text).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/integrations?loja=conectada");

    const list = await call(storesGet, { token: c.owner.token });
    expect(list.body.stores).toHaveLength(1);
    const store = list.body.stores[0];
    expect(store).toMatchObject({
      platform: "nuvemshop",
      name: "Loja",
      store_url: "https://www.minhaloja.com.br",
      status: "ok",
      order_webhook: { status: "ok" },
    });
    expect(list.text).not.toContain(NUVEMSHOP_TOKEN);
    const row = (await storesOf(c))[0];
    expect(JSON.parse(decryptSecret(row.credentials, `store:${row.id}`))).toMatchObject({
      store_id: NUVEMSHOP_STORE,
      access_token: NUVEMSHOP_TOKEN,
    });
    const hooks = fakes.nuvem.webhooks.slice(hooksBefore);
    expect(hooks.map((h) => h.topic).sort()).toEqual(["app/uninstalled", "order/cancelled", "order/paid"]);
    expect(hooks.every((h) => h.url === store.webhook_url)).toBe(true);
    const company = await (await db()).company.findUniqueOrThrow({ where: { id: c.companyId } });
    expect(fakes.nuvem.scripts.at(-1)).toEqual({
      script_id: 777,
      query_params: JSON.stringify({ company: company.slug }),
    });
    // The token exchange as the platform documents it.
    const exchange = fakes.nuvem.requests.findLast((r) => r.path === NUVEMSHOP_TOKEN_PATH)!;
    expect(exchange.body).toMatchObject({ client_id: NUVEMSHOP_APP_ID, grant_type: "authorization_code" });
  });

  it("a wrong, reused, expired or foreign state, or no session, answers 400 INSTALL_STATE and creates nothing", async () => {
    const a = await createCompany("Estado Nuvem A");
    const b = await createCompany("Estado Nuvem B");
    const admin = await addMember(a.companyId, "admin");
    const state = await startNuvemshop(a.owner.token);
    const refused = async (res: Awaited<ReturnType<typeof nuvemBack>>) => {
      expect(res.status, res.text).toBe(400);
      expect(res.body.code).toBe("INSTALL_STATE");
      expect(res.body.error).toMatch(/conectar de novo/);
    };
    await refused(await nuvemBack(a.owner.token, "x".repeat(43)));
    await refused(await nuvemBack(undefined, state));
    await refused(await nuvemBack(admin.token, state)); // another user of the company
    await refused(await nuvemBack(b.owner.token, state)); // another company
    expect(await storesOf(a)).toHaveLength(0);
    expect(await storesOf(b)).toHaveLength(0);
    // Still its owner's: it works once, then never again.
    expect((await nuvemBack(a.owner.token, state)).status).toBe(302);
    await refused(await nuvemBack(a.owner.token, state));

    const old = await startNuvemshop(a.owner.token);
    await (
      await db()
    ).storeInstall.updateMany({
      where: { companyId: a.companyId, usedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await refused(await nuvemBack(a.owner.token, old));
    expect(await storesOf(a)).toHaveLength(1);
  });

  it("a browser navigating to a failed callback lands on Lojas with the reason; an API caller gets the 400", async () => {
    const c = await createCompany("Volta Nuvem");
    const navigate = await call(nuvemCallback, {
      token: c.owner.token,
      url: `/api/integrations/stores/nuvemshop/callback?code=abc&state=${"y".repeat(43)}`,
      headers: { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
    });
    expect(navigate.status).toBe(302);
    expect(navigate.headers.get("location")).toBe("/admin/integrations?loja=erro&motivo=INSTALL_STATE#lojas");
    const missingCode = await call(nuvemCallback, {
      token: c.owner.token,
      url: `/api/integrations/stores/nuvemshop/callback?state=${"y".repeat(43)}`,
      headers: { "sec-fetch-mode": "navigate" },
    });
    expect(missingCode.headers.get("location")).toBe("/admin/integrations?loja=erro&motivo=VALIDATION#lojas");
    // The fetch of a script or a test is no navigation: the JSON error as documented.
    const api = await nuvemBack(c.owner.token, "y".repeat(43));
    expect(api.status).toBe(400);
    expect(api.body.code).toBe("INSTALL_STATE");
    expect(await storesOf(c)).toHaveLength(0);
  });

  it("Roleta na loja: the installed script's query_params name the chosen wheel or experiment", async () => {
    const c = await createCompany("Vitrine Nuvem");
    const other = await createCompany("Vitrine Outra");
    expect((await nuvemBack(c.owner.token, await startNuvemshop(c.owner.token))).status).toBe(302);
    const [row] = await storesOf(c);
    const association = Number(row.scriptAssociationId);
    const script = () => JSON.parse(String(fakes.nuvem.scripts[association - 1].query_params));
    const slug = (await (await db()).company.findUniqueOrThrow({ where: { id: c.companyId } })).slug;
    expect(script()).toEqual({ company: slug });

    const wheel = await createWheel(c.owner.token);
    const foreign = await createWheel(other.owner.token);
    const choose = (body: Record<string, unknown>, id = row.id, token = c.owner.token) =>
      call(storefrontPut, { token, params: { id }, body });
    const chosen = await choose({ wheel_id: wheel.id });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body.store.storefront).toEqual({ wheel_id: wheel.id, experiment_id: null });
    expect(script()).toEqual({ company: slug, wheel: wheel.slug });
    expect(fakes.nuvem.requests.findLast((r) => r.method === "PUT")?.path).toBe(
      `/${NUVEMSHOP_STORE}/scripts/${association}`,
    );

    const experiment = await call(experimentCreate, {
      token: c.owner.token,
      body: {
        name: "Vitrine",
        key: "vitrine",
        arms: [
          { key: "A", name: "Roleta", wheel_id: wheel.id, weight: 50 },
          { key: "H", name: "Sem roleta", wheel_id: null, weight: 50 },
        ],
        primary_metric: "revenue_per_visitor",
      },
    });
    expect(experiment.status, experiment.text).toBe(201);
    expect((await choose({ experiment_id: experiment.body.experiment.id })).status).toBe(200);
    expect(script()).toEqual({ company: slug, experiment: "vitrine" });

    // Refusals change nothing: both at once, another company's wheel, an unknown store.
    expect((await choose({ wheel_id: wheel.id, experiment_id: experiment.body.experiment.id })).status).toBe(400);
    const notOurs = await choose({ wheel_id: foreign.id });
    expect(notOurs.status).toBe(404);
    expect(notOurs.body.error).toBe("Roleta não encontrada");
    expect((await choose({ wheel_id: wheel.id }, row.id, other.owner.token)).status).toBe(404);
    expect((await choose({ experiment_id: experiment.body.experiment.id }, row.id, other.owner.token)).status).toBe(
      404,
    );
    expect(script()).toEqual({ company: slug, experiment: "vitrine" });
    const kept = await (await db()).store.findUniqueOrThrow({ where: { id: row.id } });
    expect([kept.storefrontWheelId, kept.storefrontExperimentId]).toEqual([null, experiment.body.experiment.id]);

    // A reinstall keeps the choice on the same association; nothing chosen: the company alone.
    const before = fakes.nuvem.scripts.length;
    expect((await nuvemBack(c.owner.token, await startNuvemshop(c.owner.token))).status).toBe(302);
    expect(fakes.nuvem.scripts).toHaveLength(before);
    expect(script()).toEqual({ company: slug, experiment: "vitrine" });
    expect((await choose({})).status).toBe(200);
    expect(script()).toEqual({ company: slug });
  });

  it("Roleta na loja is refused for a store whose credentials were pasted", async () => {
    const c = await createCompany("Vitrine Colada");
    const created = await call(storesPost, { token: c.owner.token, body: storeInput(fakes, "woocommerce") });
    expect(created.status, created.text).toBe(201);
    const res = await call(storefrontPut, { token: c.owner.token, params: { id: created.body.store.id }, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/cole o código da roleta no tema/);
  });

  it("a code the platform refuses creates nothing and says what to do", async () => {
    const c = await createCompany("Codigo Nuvem");
    const state = await startNuvemshop(c.owner.token);
    const res = await nuvemBack(c.owner.token, state, "codigo-inventado");
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe("STORE_AUTH");
    expect(await storesOf(c)).toHaveLength(0);
  });

  it("a second install of the same store updates it: one store; another company's install is refused", async () => {
    const c = await createCompany("Reinstala Nuvem");
    expect((await nuvemBack(c.owner.token, await startNuvemshop(c.owner.token))).status).toBe(302);
    const [first] = await storesOf(c);
    expect((await nuvemBack(c.owner.token, await startNuvemshop(c.owner.token))).status).toBe(302);
    const rows = await storesOf(c);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(first.id);
    expect(rows[0].webhookKey).toBe(first.webhookKey);

    const other = await createCompany("Outra Nuvem");
    const res = await nuvemBack(other.owner.token, await startNuvemshop(other.owner.token));
    expect(res.status).toBe(409);
    expect(await storesOf(other)).toHaveLength(0);
  });

  it("app/uninstalled signed -> uninstalled, its jobs gone; unsigned -> 401; a reinstall makes it ok", async () => {
    const c = await createCompany("Desinstala Nuvem");
    expect((await nuvemBack(c.owner.token, await startNuvemshop(c.owner.token))).status).toBe(302);
    const [store] = await storesOf(c);
    const prisma = await db();
    await enqueueJob(prisma, {
      companyId: c.companyId,
      kind: "store.usage",
      payload: { store_id: store.id, after: null, redeemed: 0 },
      dedupeKey: `usage:${store.id}`,
    });
    const hook = fakes.nuvem.webhooks.findLast((w) => w.topic === "app/uninstalled")!;
    const body = { store_id: Number(NUVEMSHOP_STORE), event: "app/uninstalled", id: Number(NUVEMSHOP_STORE) };
    const d = delivery(hook, body, NUVEMSHOP_APP_SECRET, "hex", "x-linkedstore-hmac-sha256");
    const post = (headers: Record<string, string>) =>
      call(webhookPost as never, { params: { key: d.key }, rawBody: d.rawBody, headers });

    const unsigned = await post({ "content-type": "application/json" });
    expect(unsigned.status).toBe(401);
    expect((await prisma.store.findUniqueOrThrow({ where: { id: store.id } })).status).toBe("ok");

    expect((await post(d.headers)).status).toBe(200);
    expect((await prisma.store.findUniqueOrThrow({ where: { id: store.id } })).status).toBe("uninstalled");
    expect(await prisma.webhookDelivery.count({ where: { companyId: c.companyId, kind: "store.usage" } })).toBe(0);
    const list = await call(storesGet, { token: c.owner.token });
    expect(list.body.stores[0]).toMatchObject({ status: "uninstalled" });

    expect((await nuvemBack(c.owner.token, await startNuvemshop(c.owner.token))).status).toBe(302);
    const rows = await storesOf(c);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: store.id, status: "ok", lastError: null });
  });
});

describe("an uninstalled store", () => {
  it("is removed at once (nothing can be deleted in a store that dropped the app)", async () => {
    const c = await createCompany("Remove Desinstalada");
    expect((await nuvemBack(c.owner.token, await startNuvemshop(c.owner.token))).status).toBe(302);
    const [store] = await storesOf(c);
    const hook = fakes.nuvem.webhooks.findLast((w) => w.topic === "app/uninstalled")!;
    const body = { store_id: Number(NUVEMSHOP_STORE), event: "app/uninstalled", id: Number(NUVEMSHOP_STORE) };
    const d = delivery(hook, body, NUVEMSHOP_APP_SECRET, "hex", "x-linkedstore-hmac-sha256");
    expect(
      (await call(webhookPost as never, { params: { key: d.key }, rawBody: d.rawBody, headers: d.headers })).status,
    ).toBe(200);
    fakes.nuvem.intercept(() => ({ status: 401, body: { code: 401, message: "Unauthorized" } }));
    try {
      const res = await call(storeDelete, { method: "DELETE", token: c.owner.token, params: { id: store.id } });
      expect(res.status, res.text).toBe(200);
    } finally {
      fakes.nuvem.intercept(null);
    }
    expect(await storesOf(c)).toHaveLength(0);
  });
});

describe("WooCommerce key exchange", () => {
  async function startWoo(token: string, storeUrl = fakes.woo.url) {
    const res = await call(wooInstall, {
      token,
      url: `/api/integrations/stores/woocommerce/install?store_url=${encodeURIComponent(storeUrl)}`,
    });
    expect(res.status, res.text).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${storeUrl}/wc-auth/v1/authorize`);
    expect(res.headers.get("location")).toContain("app_name=Roleta%20Premiada&scope=read_write&user_id=");
    expect(location.searchParams.get("callback_url")).toMatch(/\/api\/integrations\/stores\/woocommerce\/callback$/);
    expect(location.searchParams.get("return_url")).toMatch(/\/admin\/integrations$/);
    return location.searchParams.get("user_id")!;
  }
  /** What WooCommerce posts to callback_url once the merchant approves (server to server, no session). */
  const keys = (state: string, secret = WOO_SECRET) => ({
    key_id: 7,
    user_id: state,
    consumer_key: WOO_KEY,
    consumer_secret: secret,
    key_permissions: "read_write",
  });

  it("store address -> authorize -> key post -> checked on that address -> connected, once", async () => {
    const c = await createCompany("Instala Woo");
    const bad = await call(wooInstall, { token: c.owner.token, url: "/x?store_url=ftp%3A%2F%2Floja.com.br" });
    expect(bad.status).toBe(400);
    const state = await startWoo(c.owner.token);
    const res = await call(wooCallback, { body: keys(state) });
    expect(res.status, res.text).toBe(200);
    const rows = await storesOf(c);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ platform: "woocommerce", storeUrl: fakes.woo.url, webhookStatus: "ok" });
    expect(JSON.parse(decryptSecret(rows[0].credentials, `store:${rows[0].id}`))).toMatchObject({
      consumer_key: WOO_KEY,
      consumer_secret: WOO_SECRET,
    });
    // The same post again (a replay): the state is used.
    expect((await call(wooCallback, { body: keys(state) })).body.code).toBe("INSTALL_STATE");
    // A second install of the same address: the same store.
    expect((await call(wooCallback, { body: keys(await startWoo(c.owner.token)) })).status).toBe(200);
    expect(await storesOf(c)).toHaveLength(1);
  });

  it("an unknown state or keys the store refuses create nothing", async () => {
    const c = await createCompany("Woo Recusada");
    const unknown = await call(wooCallback, { body: keys("y".repeat(43)) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("INSTALL_STATE");
    const refused = await call(wooCallback, { body: keys(await startWoo(c.owner.token), "cs_errado") });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("STORE_AUTH");
    expect(await storesOf(c)).toHaveLength(0);
  });
});
