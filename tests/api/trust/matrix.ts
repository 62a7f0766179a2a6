// The authorization matrix: one entry per route x method. Each entry says who may call it (public,
// any session, or a permission from lib/auth/permissions.ts) and how to build a request that acts on
// a given company's resource. The test crosses every entry with every actor and both companies.
import { randomUUID } from "node:crypto";
import QRCode from "qrcode";
import type { Permission } from "@/lib/auth/permissions";
import { newOneTimeToken } from "@/lib/auth/one-time-token";
import { sign } from "@/lib/billing/kiwify";
import { newSecret } from "@/lib/webhooks/service";
import { hashDeviceToken, newDeviceToken } from "@/lib/devices/token";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { encryptSecret } from "@/lib/security/secrets";
import { sign as signStoreEvent } from "@/lib/stores/order-events";
import { NUVEMSHOP_STORE, NUVEMSHOP_TOKEN, startNuvemshop } from "../../helpers/fakes/nuvemshop";
import {
  inboundText,
  sign as signWhatsapp,
  startWhatsappFake,
  WA_PHONE_NUMBER_ID,
  WA_TOKEN,
} from "../../helpers/fakes/whatsapp";
import type { Fake } from "../../helpers/fakes/server";
import { MARKETING_KEYS, startBrevo } from "../../helpers/fakes/marketing";
import { addMember, PASSWORD } from "../../helpers/fixtures";
import type { CallOptions } from "../../helpers/http";
import type { ActorName, Tenant } from "./actors";
import type { Method } from "./route-files";

export const WEBHOOK_SECRET = "matrix-webhook-secret";
const signWoo = (raw: string, secret: string) => signStoreEvent("woocommerce", raw, secret);

/** Who may call: everyone, any signed-in staff, or staff whose role has the permission. */
export type Access = "public" | "session" | Permission;

export interface Built extends Omit<CallOptions, "token"> {
  /** Overrides the actor's token (routes that revoke it, like a password change). */
  token?: string;
  /** Reads the target's resource; compared before and after refused calls ("nothing changed"). */
  snapshot?: () => Promise<unknown>;
}

export interface BuildArgs {
  /** The company whose resource the request points at. */
  target: Tenant;
  /** The caller's company (always A). */
  home: Tenant;
  actor: ActorName;
}

export interface Scenario {
  route: string;
  method: Method;
  access: Access;
  /** Status when the caller is allowed and acts on its own company. */
  ok: number;
  build: (a: BuildArgs) => Promise<Built>;
  /**
   * The cross-company cell: status when an allowed caller points at the other company's resource
   * (default 404). Absent for routes that take no resource of a company.
   */
  other?: { status: number; check?: (body: Record<string, unknown>) => void };
}

// ---- resources, created straight in the database so every cell starts from a clean one ----

async function product(t: Tenant, stock = 5) {
  const prisma = await db();
  return prisma.product.create({
    data: {
      companyId: t.company.companyId,
      name: `Prêmio ${randomUUID().slice(0, 6)}`,
      description: "Brinde",
      stock,
      weight: 1,
    },
  });
}

async function wheel(t: Tenant) {
  const prisma = await db();
  return prisma.wheel.create({
    data: { companyId: t.company.companyId, name: "Roleta", slug: `r-${randomUUID().slice(0, 8)}`, status: "active" },
  });
}

async function wheelWithProduct(t: Tenant) {
  const prisma = await db();
  const [w, p] = [await wheel(t), await product(t)];
  await prisma.wheelProduct.create({
    data: { companyId: t.company.companyId, wheelId: w.id, productId: p.id, oddsWeight: 1 },
  });
  return { wheel: w, product: p };
}

/** A wheel with one source ("Balcão"). */
async function wheelWithSource(t: Tenant) {
  const prisma = await db();
  const w = await wheel(t);
  const source = await prisma.wheelSource.create({
    data: { companyId: t.company.companyId, wheelId: w.id, name: "Balcão", key: randomUUID().slice(0, 8) },
  });
  return { wheel: w, source };
}

/** A wheel with one totem (docs/api.md "The totem and the big screen") and the token of its link. */
async function wheelWithDevice(t: Tenant) {
  const prisma = await db();
  const w = await wheel(t);
  const token = newDeviceToken();
  const device = await prisma.wheelDevice.create({
    data: { companyId: t.company.companyId, wheelId: w.id, name: "Totem", tokenHash: hashDeviceToken(token) },
  });
  return { wheel: w, device, token };
}

/**
 * A won lead with a redemption code, as a spin would leave it (handed over at `redeemedAt`), played
 * in the tenant's unit (where its attendant works).
 */
async function lead(t: Tenant, redeemedAt: Date | null = null) {
  const prisma = await db();
  const { wheel: w, product: p } = await wheelWithProduct(t);
  const whatsapp = `5511${String(900000000 + Math.floor(Math.random() * 99999999))}`;
  const code = Array.from({ length: 8 }, () => "ABCDEFGHJKMNPQRSTUVWXYZ23456789"[Math.floor(Math.random() * 31)]).join(
    "",
  );
  return prisma.spin.create({
    data: {
      companyId: t.company.companyId,
      wheelId: w.id,
      wheelName: w.name,
      customerName: "Cliente Teste",
      whatsapp,
      productId: p.id,
      productName: p.name,
      won: true,
      consentAt: new Date(),
      consentVersion: "v1",
      redemptionCode: code,
      redeemedAt,
      unitId: t.unitId,
    },
  });
}

/** A unit of the company of its own (the tenant's "Loja Centro" stays for its attendant). */
async function unit(t: Tenant) {
  const prisma = await db();
  return prisma.unit.create({
    data: { companyId: t.company.companyId, name: "Filial", slug: `f-${randomUUID().slice(0, 8)}` },
  });
}

/** An experiment of the company (wheel arm + holdout), in `status`; its key is unique. */
async function experiment(t: Tenant, status: "draft" | "running" = "draft") {
  const w = await wheel(t);
  const companyId = t.company.companyId;
  return (await db()).experiment.create({
    data: {
      companyId,
      key: `t-${randomUUID().slice(0, 8)}`,
      name: "Teste",
      status,
      primaryMetric: "revenue_per_visitor",
      startedAt: status === "running" ? new Date() : null,
      arms: {
        create: [
          { companyId, position: 0, key: "A", name: "Roleta", wheelId: w.id, weight: 50 },
          { companyId, position: 1, key: "H", name: "Sem roleta", wheelId: null, weight: 50 },
        ],
      },
    },
  });
}

const experimentRow = (id: string) => async () =>
  (await db()).experiment.findFirst({ where: { id }, include: { arms: true } });

/** An API key of the company (its hash only: nobody calls with it here). */
async function apiKey(t: Tenant) {
  const prisma = await db();
  return prisma.apiKey.create({
    data: {
      companyId: t.company.companyId,
      name: "Caixa",
      prefix: "rp_live_test",
      keyHash: randomUUID().replace(/-/g, "").padEnd(64, "0"),
      scopes: ["redemptions:write"],
    },
  });
}

/** A pending invitation of company `companyId` for `email`, and the token its e-mail would carry. */
async function invitation(companyId: string, email: string) {
  const prisma = await db();
  const { token, tokenHash } = newOneTimeToken();
  const row = await prisma.invitation.create({
    data: { companyId, email, role: "member", tokenHash, expiresAt: new Date(Date.now() + 864e5) },
  });
  return { id: row.id, token };
}

/** A company of its own for one cell (an invitation to join it must find the caller outside). */
async function freshCompany() {
  const prisma = await db();
  return prisma.company.create({ data: { name: "Empresa C", slug: `c-${randomUUID().slice(0, 12)}` } });
}

/**
 * A webhook endpoint, off unless asked so that no worker ever sends to it (no worker runs in this
 * file; tests/api/webhooks.test.ts turns every other file's endpoint off before it runs one).
 */
async function webhookEndpoint(t: Tenant, enabled = false) {
  const prisma = await db();
  return prisma.webhookEndpoint.create({
    data: {
      companyId: t.company.companyId,
      url: "https://8.8.8.8/hooks",
      events: ["lead.created"],
      secret: newSecret(),
      enabled,
    },
  });
}

async function webhookDelivery(t: Tenant) {
  const prisma = await db();
  const endpoint = await webhookEndpoint(t);
  return prisma.webhookDelivery.create({
    data: {
      id: `msg_${randomUUID().replace(/-/g, "")}`,
      companyId: t.company.companyId,
      endpointId: endpoint.id,
      event: "webhook.test",
      body: "{}",
      status: "failed",
      nextAttemptAt: null,
    },
  });
}

const row =
  (
    model:
      | "product"
      | "wheel"
      | "spin"
      | "user"
      | "membership"
      | "wheelProduct"
      | "company"
      | "subscription"
      | "invitation"
      | "webhookEndpoint"
      | "webhookDelivery"
      | "wheelSource"
      | "productCode"
      | "store"
      | "whatsappAccount"
      | "whatsappVerification"
      | "rdStationIntegration"
      | "marketingIntegration"
      | "apiKey"
      | "wheelDevice"
      | "unit",
    where: object,
  ) =>
  async () => {
    const prisma = await db();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one reader for several models
    return (prisma[model] as any).findFirst({ where });
  };

/** A pool product with one available code (docs/api.md "Unique codes (issue 26)"); codes are unique per company. */
async function poolProduct(t: Tenant) {
  const prisma = await db();
  const p = await prisma.product.create({
    data: {
      companyId: t.company.companyId,
      name: `Cupons ${randomUUID().slice(0, 6)}`,
      description: "Cupom",
      stock: 1,
      weight: 1,
      codeSource: "pool",
    },
  });
  const code = `C-${randomUUID().slice(0, 8)}`;
  await prisma.productCode.create({ data: { companyId: t.company.companyId, productId: p.id, code } });
  return Object.assign(p, { code });
}

async function store(t: Tenant) {
  const prisma = await db();
  return prisma.store.create({
    data: {
      companyId: t.company.companyId,
      platform: "nuvemshop",
      name: "Loja",
      storeUrl: "https://loja.com.br",
      credentials: encryptSecret("{}", "store:matrix"),
      credentialsHint: "1234",
    },
  });
}

/** A Nuvemshop store installed by the app (its platform id, the fake's credentials). */
async function installedStore(t: Tenant) {
  const id = randomUUID();
  return (await db()).store.create({
    data: {
      id,
      companyId: t.company.companyId,
      platform: "nuvemshop",
      name: "Loja instalada",
      storeUrl: "https://loja.com.br",
      externalId: `matrix-${id}`,
      credentials: encryptSecret(
        JSON.stringify({ store_id: NUVEMSHOP_STORE, access_token: NUVEMSHOP_TOKEN }),
        `store:${id}`,
      ),
      credentialsHint: "1234",
    },
  });
}

/**
 * The Nuvemshop fake a store is checked against when it is connected (started once, on this
 * machine: private hosts allowed until closeFakes, which each test file using it calls after all).
 * The environment is set on every call: another file in the same worker may have cleared it.
 */
let nuvemshop: Promise<Fake> | null = null;
async function nuvemshopFake() {
  nuvemshop ??= startNuvemshop();
  process.env.NUVEMSHOP_API_URL = (await nuvemshop).url;
  process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
  resetEnvCache();
}

/** The one-click install apps (ids and secrets of the matrix's own), set on every call as the fakes are. */
const INSTALL_SECRETS = { shopify: "matrix-shopify-secret", nuvemshop: "matrix-nuvemshop-secret" };
function installEnv() {
  Object.assign(process.env, {
    NUVEMSHOP_APP_ID: "1234",
    NUVEMSHOP_APP_SECRET: INSTALL_SECRETS.nuvemshop,
    SHOPIFY_API_KEY: "matrix-shopify-key",
    SHOPIFY_API_SECRET: INSTALL_SECRETS.shopify,
  });
  resetEnvCache();
}

/** The Graph API fake "Enviar teste" sends to (same rules as the Nuvemshop one). */
let graph: ReturnType<typeof startWhatsappFake> | null = null;
async function whatsappFake() {
  graph ??= startWhatsappFake();
  process.env.WHATSAPP_GRAPH_URL = (await graph).url;
}

/** The tenant's connected WhatsApp, with a verify token and an app secret of its own. */
/** A WooCommerce store whose order webhooks are signed with a secret of the company's own. */
async function wooStore(t: Tenant) {
  const id = randomUUID();
  const secret = `woo-secret-${t.company.companyId}`;
  const credentials = { consumer_key: "ck_x", consumer_secret: "cs_x", webhook_secret: secret };
  const row = await (
    await db()
  ).store.create({
    data: {
      id,
      companyId: t.company.companyId,
      platform: "woocommerce",
      name: "Woo",
      storeUrl: "https://loja.com.br",
      credentials: encryptSecret(JSON.stringify(credentials), `store:${id}`),
      credentialsHint: "ck_x",
    },
  });
  return Object.assign(row, { secret });
}

async function whatsappAccount(t: Tenant) {
  const prisma = await db();
  const companyId = t.company.companyId;
  const data = {
    webhookKey: `k${randomUUID().replace(/-/g, "")}`,
    phoneNumberId: WA_PHONE_NUMBER_ID,
    businessPhone: "+5511955554444",
    accessToken: encryptSecret(WA_TOKEN, `whatsapp:${companyId}:token`),
    accessTokenHint: WA_TOKEN.slice(-4),
    appSecret: encryptSecret(`segredo-${companyId}`, `whatsapp:${companyId}:secret`),
    appSecretHint: "1234",
    verifyToken: `verifica-${companyId}`,
    codeTemplate: "codigo",
  };
  // Another row may have changed the saved settings (PUT): they are put back, the webhook key kept.
  const { webhookKey, ...settings } = data;
  const account = await prisma.whatsappAccount.upsert({
    where: { companyId },
    create: { companyId, webhookKey, ...settings },
    update: settings,
  });
  return { ...account, secret: `segredo-${companyId}` };
}

/** An active wheel that asks visitors to prove their WhatsApp. */
async function verifyingWheel(t: Tenant) {
  await whatsappAccount(t);
  const prisma = await db();
  const { wheel: w } = await wheelWithProduct(t);
  return prisma.wheel.update({ where: { id: w.id }, data: { verifyContact: "whatsapp" } });
}

/** A pending verification by code ("123456") on a verifying wheel of the tenant. */
async function verification(t: Tenant) {
  const prisma = await db();
  const w = await verifyingWheel(t);
  const id = randomUUID();
  const row = await prisma.whatsappVerification.create({
    data: {
      id,
      companyId: t.company.companyId,
      wheelId: w.id,
      whatsapp: `+55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
      method: "code",
      nonce: randomUUID().slice(0, 6).toUpperCase(),
      code: encryptSecret("123456", `wa-code:${id}`),
      expiresAt: new Date(Date.now() + 600_000),
    },
  });
  return { wheel: w, row };
}

/** The Brevo fake a marketing integration is checked against (same rules as the Nuvemshop one). */
let brevo: Promise<Fake> | null = null;
async function brevoFake() {
  brevo ??= startBrevo();
  process.env.BREVO_API_URL = (await brevo).url;
  resetEnvCache();
}

/** The tenant's connected Brevo (list 7 of the fake's account). */
async function brevoIntegration(t: Tenant) {
  await brevoFake();
  const companyId = t.company.companyId;
  const data = {
    enabled: true,
    credentials: encryptSecret(JSON.stringify({ api_key: MARKETING_KEYS.brevo }), `marketing:brevo:${companyId}`),
    credentialsHint: MARKETING_KEYS.brevo.slice(-4),
    listId: "7",
  };
  return (await db()).marketingIntegration.upsert({
    where: { companyId_tool: { companyId, tool: "brevo" } },
    create: { companyId, tool: "brevo", ...data },
    update: data,
  });
}

export async function closeFakes() {
  if (brevo) {
    await (await brevo).close();
    brevo = null;
    delete process.env.BREVO_API_URL;
  }
  if (graph) {
    await (await graph).close();
    graph = null;
    delete process.env.WHATSAPP_GRAPH_URL;
  }
  for (const k of [
    "NUVEMSHOP_APP_ID",
    "NUVEMSHOP_APP_SECRET",
    "NUVEMSHOP_SCRIPT_ID",
    "SHOPIFY_API_KEY",
    "SHOPIFY_API_SECRET",
  ])
    delete process.env[k];
  resetEnvCache();
  if (!nuvemshop) return;
  await (await nuvemshop).close();
  nuvemshop = null;
  delete process.env.NUVEMSHOP_API_URL;
  delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
  resetEnvCache();
}

const png = async () => new Uint8Array(await QRCode.toBuffer("matriz", { type: "png" }));
function imageForm(bytes: Uint8Array) {
  const form = new FormData();
  form.append("image", new Blob([bytes as BlobPart], { type: "image/png" }), "foto.png");
  return form;
}

const noCrossTenant = undefined;
const nothingOfTheirs = (key: string, empty: unknown) => ({
  status: 200,
  check: (body: Record<string, unknown>) => {
    const value = key.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], body);
    if (JSON.stringify(value) !== JSON.stringify(empty))
      throw new Error(`${key} = ${JSON.stringify(value)}, expected ${JSON.stringify(empty)}`);
  },
});

/**
 * next-auth's own handler reads cookies() from Next's request scope, which exists only inside a
 * running server: its two methods are exercised over real HTTP by the e2e suite instead. A big
 * screen's event stream never ends, so it is read as a stream by its own tests.
 */
export const CHECKED_IN_BROWSER = [
  {
    route: "/api/public/[companySlug]/wheels/[wheel]/screens/[deviceId]/events",
    method: "GET",
    by: "tests/api/devices.test.ts (200 stream; 403 without, with a totem's or a revoked token), e2e totem.spec.ts",
  },
  { route: "/api/auth/[...nextauth]", method: "GET", by: "tests/e2e/helpers.ts signInByApi (csrf, session)" },
  {
    route: "/api/auth/[...nextauth]",
    method: "POST",
    by: "tests/e2e/helpers.ts signInByApi (credentials callback), auth.spec.ts logout (sign-out)",
  },
] as const;

export const SCENARIOS: Scenario[] = [
  // ---------- auth (public) ----------
  {
    route: "/api/auth/signup",
    method: "POST",
    access: "public",
    ok: 201,
    other: noCrossTenant,
    build: async () => ({
      body: {
        companyName: "Nova Empresa",
        name: "Pessoa",
        email: `m-${randomUUID().slice(0, 8)}@teste.com.br`,
        password: PASSWORD,
      },
    }),
  },
  {
    route: "/api/auth/login",
    method: "POST",
    access: "public",
    ok: 200,
    other: noCrossTenant,
    build: async ({ home }) => ({ body: { email: home.company.owner.email, password: PASSWORD } }),
  },
  {
    route: "/api/auth/forgot-password",
    method: "POST",
    access: "public",
    ok: 200,
    other: noCrossTenant,
    build: async ({ home }) => ({ body: { email: home.company.owner.email } }),
  },
  {
    route: "/api/auth/reset-password",
    method: "POST",
    access: "public",
    ok: 400,
    other: noCrossTenant,
    // A token nobody was sent: refused the same way for everyone.
    build: async () => ({ body: { token: randomUUID(), newPassword: "outra-senha-123" } }),
  },
  {
    route: "/api/auth/verify",
    method: "GET",
    access: "session",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/auth/logout",
    method: "POST",
    access: "session",
    ok: 200,
    other: noCrossTenant,
    // Signing out revokes every token of the caller: a throwaway user of the same role takes the call.
    build: async ({ home, actor }) => {
      if (actor === "anonymous") return {};
      const who = await addMember(home.company.companyId, actor === "owner" ? "admin" : actor);
      return { token: who.token };
    },
  },
  {
    route: "/api/auth/switch-company",
    method: "POST",
    access: "session",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => ({ body: { companyId: target.company.companyId } }),
  },

  // ---------- company, subscription, billing ----------
  {
    route: "/api/company/profile",
    method: "GET",
    access: "view_dashboard",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/company/profile",
    method: "PUT",
    access: "update_company",
    ok: 200,
    other: noCrossTenant,
    build: async ({ home }) => ({
      body: { name: "Empresa Renomeada", slug: home.company.slug },
      snapshot: row("company", { id: home.company.companyId }),
    }),
  },
  {
    route: "/api/company/check-slug/[slug]",
    method: "GET",
    access: "view_dashboard",
    ok: 200,
    other: nothingOfTheirs("available", false),
    build: async ({ target, home }) => ({
      params: { slug: target === home ? `livre-${randomUUID().slice(0, 8)}` : target.company.slug },
    }),
  },
  {
    route: "/api/company/subscription/plans",
    method: "GET",
    access: "view_dashboard",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/subscription/status",
    method: "GET",
    access: "view_dashboard",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/company/subscription/upgrade",
    method: "POST",
    access: "billing",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({ body: { plan_id: "pro" } }),
  },
  {
    route: "/api/company/subscription/cancel",
    method: "POST",
    access: "billing",
    ok: 200,
    other: noCrossTenant,
    build: async ({ home }) => {
      const prisma = await db();
      // Only the owner's call may cancel; everyone else meets an active Pro subscription that must stay.
      await prisma.subscription.update({
        where: { companyId: home.company.companyId },
        data: { planId: "pro", status: "active", endsAt: new Date(Date.now() + 30 * 864e5), cancelledAt: null },
      });
      return { body: { reason: "Teste" }, snapshot: row("subscription", { companyId: home.company.companyId }) };
    },
  },
  {
    route: "/api/company/billing/history",
    method: "GET",
    access: "billing",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/webhooks/payments",
    method: "POST",
    access: "public",
    ok: 200,
    other: noCrossTenant,
    build: async ({ home }) => {
      const raw = JSON.stringify({
        webhook_event_type: "order_approved",
        order_id: randomUUID(),
        Customer: { email: home.company.owner.email },
        TrackingParameters: { s1: home.company.companyId },
      });
      return {
        url: `/api/webhooks/payments?signature=${sign(raw, WEBHOOK_SECRET)}`,
        rawBody: raw,
        headers: { "content-type": "application/json" },
      };
    },
  },

  // ---------- dashboard, profile ----------
  {
    route: "/api/dashboard",
    method: "GET",
    access: "view_dashboard",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  { route: "/api/health", method: "GET", access: "public", ok: 200, other: noCrossTenant, build: async () => ({}) },
  {
    route: "/api/health/ready",
    method: "GET",
    access: "public",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    // Prometheus' scrape: only the METRICS_TOKEN bearer runs it; unset here, so it does not exist.
    route: "/api/metrics",
    method: "GET",
    access: "public",
    ok: 404,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/openapi.json",
    method: "GET",
    access: "public",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/user/profile",
    method: "GET",
    access: "session",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/user/profile",
    method: "PUT",
    access: "session",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({ body: { name: "Nome Novo" } }),
  },
  {
    route: "/api/user/password",
    method: "PUT",
    access: "session",
    ok: 200,
    other: noCrossTenant,
    // A password change revokes the caller's tokens: a throwaway user of the same role takes the call.
    build: async ({ home, actor }) => {
      if (actor === "anonymous") return { body: { currentPassword: PASSWORD, newPassword: "senha-nova-123" } };
      const role = actor === "owner" ? "admin" : actor;
      const who = await addMember(home.company.companyId, role);
      return { token: who.token, body: { currentPassword: PASSWORD, newPassword: "senha-nova-123" } };
    },
  },

  // ---------- users ----------
  {
    route: "/api/users",
    method: "GET",
    access: "view_users",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/users",
    method: "POST",
    access: "write_users",
    ok: 201,
    other: noCrossTenant,
    build: async () => ({
      body: {
        name: "Pessoa Nova",
        email: `novo-${randomUUID().slice(0, 8)}@teste.com.br`,
        password: PASSWORD,
        role: "member",
      },
    }),
  },
  {
    route: "/api/users/[id]",
    method: "PUT",
    access: "write_users",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const m = await addMember(target.company.companyId, "member");
      return {
        params: { id: m.id },
        body: { name: "Outro Nome", role: "admin" },
        snapshot: row("membership", { userId: m.id }),
      };
    },
  },
  {
    route: "/api/users/[id]",
    method: "DELETE",
    access: "write_users",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const m = await addMember(target.company.companyId, "member");
      return { params: { id: m.id }, snapshot: row("membership", { userId: m.id }) };
    },
  },

  // ---------- invitations ----------
  {
    route: "/api/users/invitations",
    method: "GET",
    access: "view_users",
    ok: 200,
    other: noCrossTenant, // only this company's are listed (tests/api/invitations.test.ts)
    build: async () => ({}),
  },
  {
    route: "/api/users/invitations",
    method: "POST",
    access: "write_users",
    ok: 201,
    other: noCrossTenant,
    build: async () => ({ body: { email: `convidado-${randomUUID().slice(0, 8)}@teste.com.br`, role: "member" } }),
  },
  {
    route: "/api/users/invitations/[id]",
    method: "DELETE",
    access: "write_users",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const inv = await invitation(target.company.companyId, `pendente-${randomUUID().slice(0, 8)}@teste.com.br`);
      return { params: { id: inv.id }, snapshot: row("invitation", { id: inv.id }) };
    },
  },
  {
    route: "/api/invitations/accept",
    method: "POST",
    access: "session",
    ok: 200,
    // The other cell: a token meant for someone of the other company; the caller's session is not theirs.
    other: { status: 403 },
    build: async ({ target, home, actor }) => {
      if (actor === "anonymous") return { body: { token: "qualquer" } };
      const prisma = await db();
      const me = await prisma.user.findUniqueOrThrow({ where: { id: home.userIds[actor] } });
      if (target === home) {
        const c = await freshCompany();
        return { body: { token: (await invitation(c.id, me.email)).token } };
      }
      const inv = await invitation(target.company.companyId, target.company.owner.email);
      return {
        body: { token: inv.token },
        snapshot: row("membership", { userId: me.id, companyId: target.company.companyId }),
      };
    },
  },
  {
    route: "/api/invitations/register",
    method: "POST",
    access: "public",
    ok: 201,
    other: noCrossTenant,
    build: async () => {
      const c = await freshCompany();
      const inv = await invitation(c.id, `nova-conta-${randomUUID().slice(0, 8)}@teste.com.br`);
      return { body: { token: inv.token, name: "Pessoa Convidada", password: PASSWORD } };
    },
  },

  // ---------- products and uploads ----------
  {
    route: "/api/products",
    method: "GET",
    access: "view_products",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/products",
    method: "POST",
    access: "manage_products",
    ok: 201,
    other: noCrossTenant,
    build: async () => ({ body: { name: "Brinde", description: "Um brinde", stock: 3, weight: 1 } }),
  },
  {
    route: "/api/products/[id]",
    method: "GET",
    access: "view_products",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => ({ params: { id: (await product(target)).id } }),
  },
  {
    route: "/api/products/[id]",
    method: "PUT",
    access: "manage_products",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const p = await product(target);
      return {
        params: { id: p.id },
        body: { name: "Trocado", description: "Outro", stock: 0, weight: 9 },
        snapshot: row("product", { id: p.id }),
      };
    },
  },
  {
    route: "/api/products/[id]",
    method: "DELETE",
    access: "manage_products",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const p = await product(target);
      return { params: { id: p.id }, snapshot: row("product", { id: p.id }) };
    },
  },
  {
    route: "/api/products/upload",
    method: "POST",
    access: "manage_products",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({ rawBody: imageForm(await png()), method: "POST" }),
  },
  {
    route: "/api/products/upload/direct",
    method: "POST",
    access: "manage_products",
    ok: 503,
    other: noCrossTenant,
    // Without BLOB_READ_WRITE_TOKEN an allowed caller learns direct uploads are off (503); the
    // configured path, its folder check and the signed callback are in tests/api/direct-upload.test.ts.
    build: async ({ home }) => ({
      body: {
        type: "blob.generate-client-token",
        payload: {
          pathname: `products/${home.company.companyId}/${"ab".repeat(16)}.png`,
          callbackUrl: null,
          clientPayload: null,
          multipart: false,
        },
      },
    }),
  },
  {
    route: "/api/products/upload/[id]",
    method: "POST",
    access: "manage_products",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const p = await product(target);
      return {
        params: { id: p.id },
        rawBody: imageForm(await png()),
        method: "POST",
        snapshot: row("product", { id: p.id }),
      };
    },
  },

  // ---------- wheels ----------
  {
    route: "/api/wheels",
    method: "GET",
    access: "view_wheels",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/wheels",
    method: "POST",
    access: "manage_wheels",
    ok: 201,
    other: noCrossTenant,
    build: async () => ({ body: { name: "Roleta Nova", slug: `nova-${randomUUID().slice(0, 8)}`, status: "draft" } }),
  },
  {
    route: "/api/wheels/[id]",
    method: "GET",
    access: "view_wheels",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => ({ params: { id: (await wheel(target)).id } }),
  },
  {
    route: "/api/wheels/[id]",
    method: "PUT",
    access: "manage_wheels",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const w = await wheel(target);
      return {
        params: { id: w.id },
        body: { name: "Renomeada", slug: w.slug, status: "draft" },
        snapshot: row("wheel", { id: w.id }),
      };
    },
  },
  {
    route: "/api/wheels/[id]",
    method: "DELETE",
    access: "manage_wheels",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const w = await wheel(target);
      return { params: { id: w.id }, snapshot: row("wheel", { id: w.id }) };
    },
  },
  {
    route: "/api/wheels/[id]/products",
    method: "GET",
    access: "view_wheels",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => ({ params: { id: (await wheelWithProduct(target)).wheel.id } }),
  },
  {
    route: "/api/wheels/[id]/products",
    method: "POST",
    access: "manage_wheels",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const [w, p] = [await wheel(target), await product(target)];
      return {
        params: { id: w.id },
        body: { products: [{ product_id: p.id, odds_weight: 3 }] },
        snapshot: row("wheelProduct", { wheelId: w.id }),
      };
    },
  },
  {
    route: "/api/wheels/[id]/products/[productId]",
    method: "DELETE",
    access: "manage_wheels",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const { wheel: w, product: p } = await wheelWithProduct(target);
      return { params: { id: w.id, productId: p.id }, snapshot: row("wheelProduct", { wheelId: w.id }) };
    },
  },
  {
    route: "/api/wheels/[id]/qr",
    method: "GET",
    access: "view_wheels",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => ({ params: { id: (await wheel(target)).id } }),
  },
  {
    route: "/api/wheels/[id]/sources",
    method: "GET",
    access: "view_wheels",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => ({ params: { id: (await wheelWithSource(target)).wheel.id } }),
  },
  {
    route: "/api/wheels/[id]/sources",
    method: "POST",
    access: "manage_wheels",
    ok: 201,
    other: { status: 404 },
    build: async ({ target }) => {
      const w = await wheel(target);
      return { params: { id: w.id }, body: { name: "Instagram" }, snapshot: row("wheelSource", { wheelId: w.id }) };
    },
  },
  {
    route: "/api/wheels/[id]/sources/[sourceId]",
    method: "DELETE",
    access: "manage_wheels",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const { wheel: w, source } = await wheelWithSource(target);
      return { params: { id: w.id, sourceId: source.id }, snapshot: row("wheelSource", { id: source.id }) };
    },
  },
  {
    route: "/api/wheels/[id]/sources/[sourceId]/qr",
    method: "GET",
    access: "view_wheels",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const { wheel: w, source } = await wheelWithSource(target);
      return { params: { id: w.id, sourceId: source.id } };
    },
  },
  {
    route: "/api/wheels/[id]/sources/[sourceId]/poster",
    method: "GET",
    access: "view_wheels",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const { wheel: w, source } = await wheelWithSource(target);
      return { params: { id: w.id, sourceId: source.id } };
    },
  },
  {
    route: "/api/wheels/[id]/devices",
    method: "GET",
    access: "manage_wheels",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => ({ params: { id: (await wheelWithDevice(target)).wheel.id } }),
  },
  {
    route: "/api/wheels/[id]/devices",
    method: "POST",
    access: "manage_wheels",
    ok: 201,
    other: { status: 404 },
    build: async ({ target }) => {
      const w = await wheel(target);
      return { params: { id: w.id }, body: { name: "Totem" }, snapshot: row("wheelDevice", { wheelId: w.id }) };
    },
  },
  {
    route: "/api/wheels/[id]/devices/[deviceId]",
    method: "DELETE",
    access: "manage_wheels",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const { wheel: w, device } = await wheelWithDevice(target);
      return { params: { id: w.id, deviceId: device.id }, snapshot: row("wheelDevice", { id: device.id }) };
    },
  },
  {
    route: "/api/wheels/[id]/moments",
    method: "GET",
    access: "manage_wheels",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => ({ params: { id: (await wheel(target)).id } }),
  },
  {
    route: "/api/wheels/[id]/spins",
    method: "GET",
    access: "view_spins",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => ({ params: { id: (await lead(target)).wheelId } }),
  },
  {
    route: "/api/wheels/[id]/refusals",
    method: "GET",
    access: "view_spins",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => ({ params: { id: (await wheel(target)).id } }),
  },

  // ---------- leads, reports, LGPD, redemption ----------
  {
    route: "/api/wheels/spins/all",
    method: "GET",
    access: "view_spins",
    ok: 200,
    other: nothingOfTheirs("pagination.total", 0),
    build: async ({ target }) => ({ url: `/api/wheels/spins/all?wheel_id=${(await lead(target)).wheelId}` }),
  },
  {
    route: "/api/wheels/spins/export",
    method: "GET",
    access: "view_spins",
    ok: 200,
    // The CSV of another company's wheel holds the header only.
    other: {
      status: 200,
      check: (body) => {
        if (String(body).trim().split(/\r?\n/).length !== 1) throw new Error(`CSV has rows: ${String(body)}`);
      },
    },
    build: async ({ target }) => ({ url: `/api/wheels/spins/export?wheel_id=${(await lead(target)).wheelId}` }),
  },
  {
    route: "/api/reports",
    method: "GET",
    access: "view_dashboard",
    ok: 200,
    other: nothingOfTheirs("stats.total_spins", 0),
    build: async ({ target }) => ({ url: `/api/reports?wheel_id=${(await lead(target)).wheelId}` }),
  },
  {
    route: "/api/reports/funnel",
    method: "GET",
    access: "view_dashboard",
    ok: 200,
    // Naming the other company's wheel shows none of its views or spins.
    other: nothingOfTheirs("funnel.views", 0),
    build: async ({ target }) => {
      const { wheel: w } = await wheelWithSource(target);
      const prisma = await db();
      await prisma.wheelViewDay.create({
        data: { companyId: target.company.companyId, wheelId: w.id, day: new Date(), views: 3 },
      });
      return { url: `/api/reports/funnel?wheel_id=${w.id}` };
    },
  },
  {
    route: "/api/reports/export",
    method: "GET",
    access: "view_spins",
    ok: 200,
    other: {
      status: 200,
      check: (body) => {
        if (String(body).trim().split(/\r?\n/).length !== 1) throw new Error(`CSV has rows: ${String(body)}`);
      },
    },
    build: async ({ target }) => ({ url: `/api/reports/export?wheel_id=${(await lead(target)).wheelId}` }),
  },
  {
    route: "/api/lgpd",
    method: "GET",
    access: "manage_lgpd",
    ok: 200,
    other: nothingOfTheirs("spins", []),
    build: async ({ target }) => ({ url: `/api/lgpd?whatsapp=${(await lead(target)).whatsapp}` }),
  },
  {
    route: "/api/lgpd/export",
    method: "GET",
    access: "manage_lgpd",
    ok: 200,
    other: nothingOfTheirs("records", []),
    build: async ({ target }) => ({ url: `/api/lgpd/export?whatsapp=${(await lead(target)).whatsapp}` }),
  },
  {
    route: "/api/lgpd/erase",
    method: "POST",
    access: "manage_lgpd",
    ok: 200,
    other: nothingOfTheirs("erased", 0),
    build: async ({ target }) => {
      const l = await lead(target);
      return { body: { whatsapp: l.whatsapp }, snapshot: row("spin", { id: l.id }) };
    },
  },
  {
    route: "/api/spins/redeem",
    method: "GET",
    access: "redeem_prizes",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => ({ url: `/api/spins/redeem?code=${(await lead(target)).redemptionCode}` }),
  },
  {
    route: "/api/spins/redeem",
    method: "POST",
    access: "redeem_prizes",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const l = await lead(target);
      return { body: { redemption_code: l.redemptionCode }, snapshot: row("spin", { id: l.id }) };
    },
  },
  {
    route: "/api/spins/unredeem",
    method: "POST",
    access: "undo_redemption",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const l = await lead(target, new Date());
      return { body: { redemption_code: l.redemptionCode }, snapshot: row("spin", { id: l.id }) };
    },
  },

  {
    route: "/api/redemptions",
    method: "POST",
    access: "redeem_prizes",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const l = await lead(target);
      return { body: { code: l.redemptionCode, order_id: "PDV-1" }, snapshot: row("spin", { id: l.id }) };
    },
  },
  {
    route: "/api/api-keys",
    method: "GET",
    access: "manage_api_keys",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/api-keys",
    method: "POST",
    access: "manage_api_keys",
    ok: 201,
    other: noCrossTenant,
    build: async () => ({ body: { name: "Caixa 1", scopes: ["redemptions:write"] } }),
  },
  {
    route: "/api/api-keys/[id]",
    method: "DELETE",
    access: "manage_api_keys",
    ok: 204,
    other: { status: 404 },
    build: async ({ target }) => {
      const k = await apiKey(target);
      return { params: { id: k.id }, snapshot: row("apiKey", { id: k.id }) };
    },
  },

  // ---------- units (Unidades, issue 41) ----------
  {
    route: "/api/units",
    method: "GET",
    access: "manage_units",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/units",
    method: "POST",
    access: "manage_units",
    ok: 201,
    other: noCrossTenant,
    build: async () => ({ body: { name: "Quiosque", slug: `q-${randomUUID().slice(0, 8)}` } }),
  },
  {
    route: "/api/units/[id]",
    method: "PUT",
    access: "manage_units",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const u = await unit(target);
      return {
        params: { id: u.id },
        body: { name: "Renomeada", slug: u.slug },
        snapshot: row("unit", { id: u.id }),
      };
    },
  },
  {
    route: "/api/units/[id]",
    method: "DELETE",
    access: "manage_units",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const u = await unit(target);
      return { params: { id: u.id }, snapshot: row("unit", { id: u.id }) };
    },
  },

  // ---------- experiments (Testes, issue 52) ----------
  {
    route: "/api/experiments",
    method: "GET",
    access: "manage_experiments",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/experiments",
    method: "POST",
    access: "manage_experiments",
    ok: 201,
    other: { status: 404 },
    // Cross-company: an arm naming the other company's wheel.
    build: async ({ target }) => ({
      body: {
        name: "Teste",
        key: `n-${randomUUID().slice(0, 8)}`,
        arms: [
          { key: "A", name: "Roleta", wheel_id: (await wheel(target)).id, weight: 50 },
          { key: "H", name: "Sem roleta", wheel_id: null, weight: 50 },
        ],
        primary_metric: "leads_per_visitor",
      },
    }),
  },
  {
    route: "/api/experiments/[id]",
    method: "GET",
    access: "manage_experiments",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => ({ params: { id: (await experiment(target)).id } }),
  },
  {
    route: "/api/experiments/[id]",
    method: "PUT",
    access: "manage_experiments",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const e = await experiment(target);
      const arms = await (
        await db()
      ).experimentArm.findMany({ where: { experimentId: e.id }, orderBy: { position: "asc" } });
      return {
        params: { id: e.id },
        body: {
          name: "Renomeado",
          key: e.key,
          arms: arms.map((a) => ({ key: a.key, name: a.name, wheel_id: a.wheelId, weight: a.weight })),
          primary_metric: "revenue_per_visitor",
        },
        snapshot: experimentRow(e.id),
      };
    },
  },
  {
    route: "/api/experiments/[id]",
    method: "DELETE",
    access: "manage_experiments",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const e = await experiment(target);
      return { params: { id: e.id }, snapshot: experimentRow(e.id) };
    },
  },
  {
    route: "/api/experiments/[id]/start",
    method: "POST",
    access: "manage_experiments",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const e = await experiment(target);
      return { params: { id: e.id }, snapshot: experimentRow(e.id) };
    },
  },
  {
    route: "/api/experiments/[id]/stop",
    method: "POST",
    access: "manage_experiments",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const e = await experiment(target, "running");
      return { params: { id: e.id }, snapshot: experimentRow(e.id) };
    },
  },
  {
    route: "/api/experiments/[id]/results",
    method: "GET",
    access: "manage_experiments",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => ({ params: { id: (await experiment(target, "running")).id } }),
  },
  {
    route: "/api/public/[companySlug]/experiments/[key]/assignment",
    method: "GET",
    access: "public",
    ok: 200,
    other: { status: 404 },
    // Cross-company: the caller's company slug with the other company's experiment key.
    build: async ({ target, home }) => {
      const e = await experiment(target, "running");
      return {
        params: { companySlug: home.company.slug, key: e.key },
        url: `/api/public/${home.company.slug}/experiments/${e.key}/assignment?visitor=visitante-123`,
      };
    },
  },
  {
    route: "/api/public/[companySlug]/experiments/[key]/exposures",
    method: "POST",
    access: "public",
    ok: 204,
    other: { status: 404 },
    build: async ({ target, home }) => {
      const e = await experiment(target, "running");
      return { params: { companySlug: home.company.slug, key: e.key }, body: { visitor: `v-${randomUUID()}` } };
    },
  },
  {
    route: "/api/public/[companySlug]/conversions",
    method: "POST",
    access: "public",
    ok: 204,
    other: noCrossTenant,
    build: async ({ home }) => ({
      params: { companySlug: home.company.slug },
      body: { visitor: "visitante-123", order_id: randomUUID().slice(0, 8), platform: "woocommerce" },
    }),
  },

  // ---------- public play ----------
  {
    route: "/api/public/[companySlug]/wheels/[wheel]",
    method: "GET",
    access: "public",
    ok: 200,
    other: { status: 404 },
    // Cross-company: the caller's company slug with the other company's wheel.
    build: async ({ target, home }) => ({
      params: { companySlug: home.company.slug, wheel: (await wheelWithProduct(target)).wheel.id },
    }),
  },
  {
    route: "/api/public/[companySlug]/wheels/[wheel]/view",
    method: "POST",
    access: "public",
    ok: 204,
    other: { status: 404 },
    // Cross-company: the caller's company slug with the other company's wheel.
    build: async ({ target, home }) => {
      const { wheel: w, source } = await wheelWithSource(target);
      return {
        params: { companySlug: home.company.slug, wheel: w.slug },
        body: { source: source.key },
        headers: { "user-agent": "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36" },
      };
    },
  },
  {
    route: "/api/public/[companySlug]/wheels/[wheel]/spin",
    method: "POST",
    access: "public",
    ok: 201,
    other: { status: 404 },
    build: async ({ target, home }) => {
      const { wheel: w, product: p } = await wheelWithProduct(target);
      return {
        params: { companySlug: home.company.slug, wheel: w.slug },
        body: {
          name: "Visitante",
          whatsapp: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
          consent: true,
        },
        snapshot: row("product", { id: p.id }),
      };
    },
  },

  // ---------- unique codes of a pool product ----------
  {
    route: "/api/products/[id]/codes",
    method: "GET",
    access: "manage_products",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => ({ params: { id: (await poolProduct(target)).id } }),
  },
  {
    route: "/api/products/[id]/codes",
    method: "POST",
    access: "manage_products",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const p = await poolProduct(target);
      return { params: { id: p.id }, body: { codes: ["NOVO-1"] }, snapshot: row("product", { id: p.id }) };
    },
  },
  {
    route: "/api/products/[id]/codes",
    method: "DELETE",
    access: "manage_products",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const p = await poolProduct(target);
      return { params: { id: p.id }, body: { codes: [p.code] }, snapshot: row("productCode", { productId: p.id }) };
    },
  },
  {
    route: "/api/products/[id]/codes/export",
    method: "GET",
    access: "manage_products",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => ({ params: { id: (await poolProduct(target)).id } }),
  },

  // ---------- outgoing webhooks (Integrações) ----------
  {
    route: "/api/integrations/webhooks",
    method: "GET",
    access: "manage_integrations",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/integrations/webhooks",
    method: "POST",
    access: "manage_integrations",
    ok: 201,
    other: noCrossTenant,
    // A public address literal: the SSRF guard needs no DNS, and no worker runs here.
    build: async () => ({ body: { url: "https://8.8.8.8/hooks", events: ["prize.redeemed"] } }),
  },
  {
    route: "/api/integrations/webhooks/[id]",
    method: "PUT",
    access: "manage_integrations",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const e = await webhookEndpoint(target);
      return { params: { id: e.id }, body: { description: "Mudou" }, snapshot: row("webhookEndpoint", { id: e.id }) };
    },
  },
  {
    route: "/api/integrations/webhooks/[id]",
    method: "DELETE",
    access: "manage_integrations",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const e = await webhookEndpoint(target);
      return { params: { id: e.id }, snapshot: row("webhookEndpoint", { id: e.id }) };
    },
  },
  // ---------- WhatsApp (Integrações -> WhatsApp, Meta's webhook, the visitor's verification) ----------
  {
    route: "/api/integrations/whatsapp/usage",
    method: "GET",
    access: "manage_wheels",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    // The visitor's opt-out of a prize's reminders: the caller's company slug with the other
    // company's code is not found, and changes nothing.
    route: "/api/public/[companySlug]/wheels/[wheel]/prizes/[code]/reminders",
    method: "DELETE",
    access: "public",
    ok: 200,
    other: { status: 404 },
    build: async ({ target, home }) => {
      const l = await lead(target);
      const w = await (await db()).wheel.findUniqueOrThrow({ where: { id: l.wheelId } });
      return {
        params: { companySlug: home.company.slug, wheel: w.slug, code: l.redemptionCode! },
        snapshot: row("spin", { id: l.id }),
      };
    },
  },
  {
    route: "/api/integrations/whatsapp",
    method: "GET",
    access: "manage_integrations",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/integrations/whatsapp",
    method: "PUT",
    access: "manage_integrations",
    ok: 200,
    other: noCrossTenant,
    build: async ({ home }) => ({
      body: {
        phone_number_id: WA_PHONE_NUMBER_ID,
        business_phone: "(11) 95555-4444",
        access_token: WA_TOKEN,
        app_secret: "segredo-do-app-1234",
        enabled: true,
      },
      snapshot: row("whatsappAccount", { companyId: home.company.companyId }),
    }),
  },
  {
    route: "/api/integrations/whatsapp/test",
    method: "POST",
    access: "manage_integrations",
    ok: 200,
    other: noCrossTenant,
    build: async ({ home }) => {
      await whatsappFake();
      await whatsappAccount(home);
      return { body: { to: "(11) 98888-7777" } };
    },
  },
  {
    // Meta's subscription check: the other company's key with this company's verify token is refused.
    route: "/api/webhooks/whatsapp/[key]",
    method: "GET",
    access: "public",
    ok: 200,
    other: { status: 403 },
    build: async ({ target, home }) => {
      const [account, own] = [await whatsappAccount(target), await whatsappAccount(home)];
      return {
        url: `/api/webhooks/whatsapp/${account.webhookKey}?hub.mode=subscribe&hub.verify_token=${own.verifyToken}&hub.challenge=1158201444`,
        params: { key: account.webhookKey },
      };
    },
  },
  {
    // Signed with this company's app secret, posted to the other company's key: 401.
    route: "/api/webhooks/whatsapp/[key]",
    method: "POST",
    access: "public",
    ok: 200,
    other: { status: 401 },
    build: async ({ target, home }) => {
      const [account, own] = [await whatsappAccount(target), await whatsappAccount(home)];
      const raw = JSON.stringify(inboundText("5511977776666", "Oi"));
      return {
        params: { key: account.webhookKey },
        rawBody: raw,
        headers: { "content-type": "application/json", "x-hub-signature-256": signWhatsapp(raw, own.secret) },
      };
    },
  },
  {
    // A store's order webhook signed with this company's store secret, posted to the other's key: 401.
    route: "/api/webhooks/stores/[key]",
    method: "POST",
    access: "public",
    ok: 200,
    other: { status: 401 },
    build: async ({ target, home }) => {
      const [theirs, own] = [await wooStore(target), await wooStore(home)];
      const raw = JSON.stringify({ id: 1, status: "pending", coupon_lines: [], total: "10.00", currency: "BRL" });
      return {
        params: { key: theirs.webhookKey },
        rawBody: raw,
        headers: { "content-type": "application/json", "x-wc-webhook-signature": signWoo(raw, own.secret) },
      };
    },
  },
  {
    route: "/api/public/[companySlug]/wheels/[wheel]/verification",
    method: "POST",
    access: "public",
    ok: 201,
    other: { status: 404 },
    build: async ({ target, home }) => ({
      params: { companySlug: home.company.slug, wheel: (await verifyingWheel(target)).slug },
      body: { whatsapp: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`, method: "message" },
    }),
  },
  {
    route: "/api/public/[companySlug]/wheels/[wheel]/verification/[id]",
    method: "GET",
    access: "public",
    ok: 200,
    other: { status: 404 },
    build: async ({ target, home }) => {
      const v = await verification(target);
      return { params: { companySlug: home.company.slug, wheel: v.wheel.slug, id: v.row.id } };
    },
  },
  {
    route: "/api/public/[companySlug]/wheels/[wheel]/verification/[id]/confirm",
    method: "POST",
    access: "public",
    ok: 200,
    other: { status: 404 },
    build: async ({ target, home }) => {
      const v = await verification(target);
      return {
        params: { companySlug: home.company.slug, wheel: v.wheel.slug, id: v.row.id },
        body: { code: "123456" },
        snapshot: row("whatsappVerification", { id: v.row.id }),
      };
    },
  },
  // ---------- online stores (Integrações -> Lojas) ----------
  {
    route: "/api/integrations/stores",
    method: "GET",
    access: "manage_integrations",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/integrations/stores",
    method: "POST",
    access: "manage_integrations",
    ok: 201,
    other: noCrossTenant,
    build: async () => {
      await nuvemshopFake();
      return {
        body: {
          platform: "nuvemshop",
          name: "Nuvem",
          store_url: "https://loja.com.br",
          credentials: { store_id: NUVEMSHOP_STORE, user_id: "77", access_token: NUVEMSHOP_TOKEN },
        },
      };
    },
  },
  // One-click installs (docs/api.md "Connecting a real store in one click"): the starts need the
  // permission; the callbacks are public and refuse a state that is not the caller's (400); the
  // privacy webhooks answer 200 to anything signed with the app's secret.
  ...(["nuvemshop", "shopify", "woocommerce"] as const).map((platform): Scenario => ({
    route: `/api/integrations/stores/${platform}/install`,
    method: "GET",
    access: "manage_integrations",
    ok: 302,
    other: noCrossTenant,
    build: async () => {
      installEnv();
      const query =
        platform === "shopify"
          ? "?shop=matriz.myshopify.com"
          : platform === "woocommerce"
            ? "?store_url=https%3A%2F%2Floja.com.br"
            : "";
      return { url: `/api/integrations/stores/${platform}/install${query}` };
    },
  })),
  ...(["nuvemshop", "shopify"] as const).map((platform): Scenario => ({
    route: `/api/integrations/stores/${platform}/callback`,
    method: "GET",
    access: "public",
    ok: 400,
    other: noCrossTenant,
    build: async () => {
      installEnv();
      return { url: `/api/integrations/stores/${platform}/callback?code=abc&state=${"s".repeat(43)}` };
    },
  })),
  {
    route: "/api/integrations/stores/woocommerce/callback",
    method: "POST",
    access: "public",
    ok: 400,
    other: noCrossTenant,
    build: async () => ({
      body: { key_id: 1, user_id: "s".repeat(43), consumer_key: "ck_x", consumer_secret: "cs_x" },
    }),
  },
  ...(
    [
      ["shopify", "customers/data_request"],
      ["shopify", "customers/redact"],
      ["shopify", "shop/redact"],
      ["nuvemshop", "customers/data_request"],
      ["nuvemshop", "customers/redact"],
      ["nuvemshop", "store/redact"],
    ] as const
  ).map(([platform, topic]): Scenario => ({
    route: `/api/webhooks/${platform}/${topic}`,
    method: "POST",
    access: "public",
    ok: 200,
    other: noCrossTenant,
    build: async () => {
      installEnv();
      const raw = JSON.stringify(
        platform === "shopify" ? { shop_domain: "nenhuma.myshopify.com" } : { store_id: 999999999 },
      );
      return {
        rawBody: raw,
        headers: {
          "content-type": "application/json",
          ...(platform === "shopify"
            ? { "x-shopify-hmac-sha256": signStoreEvent("shopify", raw, INSTALL_SECRETS.shopify) }
            : { "x-linkedstore-hmac-sha256": signStoreEvent("nuvemshop", raw, INSTALL_SECRETS.nuvemshop) }),
        },
      };
    },
  })),
  {
    route: "/api/integrations/rdstation",
    method: "GET",
    access: "manage_integrations",
    ok: 200,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    route: "/api/integrations/rdstation",
    method: "PUT",
    access: "manage_integrations",
    ok: 200,
    other: noCrossTenant,
    build: async ({ home }) => ({
      body: { api_key: "rd-matrix-key-0123456789", enabled: true },
      snapshot: row("rdStationIntegration", { companyId: home.company.companyId }),
    }),
  },
  {
    route: "/api/integrations/[tool]",
    method: "GET",
    access: "manage_integrations",
    ok: 200,
    other: noCrossTenant,
    build: async ({ home }) => (await brevoIntegration(home), { params: { tool: "brevo" } }),
  },
  {
    route: "/api/integrations/[tool]",
    method: "PUT",
    access: "manage_integrations",
    ok: 200,
    other: noCrossTenant,
    build: async ({ home }) => {
      await brevoFake();
      return {
        params: { tool: "brevo" },
        body: { enabled: true, credentials: { api_key: MARKETING_KEYS.brevo }, list_id: "7" },
        snapshot: row("marketingIntegration", { companyId: home.company.companyId, tool: "brevo" }),
      };
    },
  },
  {
    route: "/api/integrations/[tool]",
    method: "DELETE",
    access: "manage_integrations",
    ok: 200,
    other: noCrossTenant,
    build: async ({ home }) => {
      await brevoIntegration(home);
      return {
        params: { tool: "brevo" },
        snapshot: row("marketingIntegration", { companyId: home.company.companyId, tool: "brevo" }),
      };
    },
  },
  {
    route: "/api/integrations/[tool]/lists",
    method: "GET",
    access: "manage_integrations",
    ok: 200,
    other: noCrossTenant,
    build: async ({ home }) => (await brevoIntegration(home), { params: { tool: "brevo" } }),
  },
  {
    route: "/api/integrations/stores/[id]",
    method: "DELETE",
    access: "manage_integrations",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      const st = await store(target);
      return { params: { id: st.id }, snapshot: row("store", { id: st.id }) };
    },
  },
  {
    route: "/api/integrations/stores/[id]/storefront",
    method: "PUT",
    access: "manage_integrations",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => {
      await nuvemshopFake();
      process.env.NUVEMSHOP_SCRIPT_ID = "777";
      resetEnvCache();
      const st = await installedStore(target);
      return {
        params: { id: st.id },
        body: { wheel_id: null, experiment_id: null },
        snapshot: row("store", { id: st.id }),
      };
    },
  },
  {
    route: "/api/integrations/webhooks/[id]/test",
    method: "POST",
    access: "manage_integrations",
    ok: 202,
    other: { status: 404 },
    build: async ({ target }) => {
      const e = await webhookEndpoint(target, true);
      const count = async () => (await db()).webhookDelivery.count({ where: { endpointId: e.id } });
      return { params: { id: e.id }, snapshot: count };
    },
  },
  {
    route: "/api/integrations/webhooks/[id]/deliveries",
    method: "GET",
    access: "manage_integrations",
    ok: 200,
    other: { status: 404 },
    build: async ({ target }) => ({ params: { id: (await webhookDelivery(target)).endpointId! } }),
  },
  {
    route: "/api/integrations/webhooks/[id]/deliveries/[deliveryId]/redeliver",
    method: "POST",
    access: "manage_integrations",
    ok: 202,
    other: { status: 404 },
    build: async ({ target }) => {
      const d = await webhookDelivery(target);
      return { params: { id: d.endpointId!, deliveryId: d.id }, snapshot: row("webhookDelivery", { id: d.id }) };
    },
  },
  {
    // Vercel Cron's call: only the CRON_SECRET bearer (unset here) runs it; no session token does.
    route: "/api/cron/webhooks",
    method: "GET",
    access: "public",
    ok: 401,
    other: noCrossTenant,
    build: async () => ({}),
  },
  {
    // Another company's totem named under this company's address: no such device (403 DEVICE_REVOKED).
    route: "/api/public/[companySlug]/wheels/[wheel]/kiosk/exit",
    method: "POST",
    access: "public",
    ok: 200,
    other: { status: 403 },
    build: async ({ target, home }) => {
      const { wheel: w, token } = await wheelWithDevice(target);
      return { params: { companySlug: home.company.slug, wheel: w.slug }, body: { device: token, pin: "" } };
    },
  },
  {
    // A totem winner's prize to the winner's WhatsApp (issue 49): another company's totem and prize
    // named under this company's address is no such device (403 DEVICE_REVOKED); nothing is queued.
    route: "/api/public/[companySlug]/wheels/[wheel]/kiosk/prize-message",
    method: "POST",
    access: "public",
    ok: 202,
    other: { status: 403 },
    build: async ({ target, home }) => {
      const { wheel: w, device, token } = await wheelWithDevice(target);
      await whatsappAccount(target);
      const code = `T${randomUUID().replace(/-/g, "").slice(0, 7).toUpperCase()}`;
      const spin = await (
        await db()
      ).spin.create({
        data: {
          companyId: target.company.companyId,
          wheelId: w.id,
          wheelName: w.name,
          customerName: "Cliente Totem",
          whatsapp: `5511${String(900000000 + Math.floor(Math.random() * 99999999))}`,
          won: true,
          consentAt: new Date(),
          consentVersion: "v1",
          redemptionCode: code,
          deviceId: device.id,
        },
      });
      return {
        params: { companySlug: home.company.slug, wheel: w.slug },
        body: { device: token, code },
        snapshot: row("spin", { id: spin.id }),
      };
    },
  },
  {
    route: "/api/public/[companySlug]/wheels/[wheel]/eligibility",
    method: "POST",
    access: "public",
    ok: 200,
    other: { status: 404 },
    build: async ({ target, home }) => ({
      params: { companySlug: home.company.slug, wheel: (await wheelWithProduct(target)).wheel.slug },
      body: { whatsapp: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}` },
    }),
  },
];
