// Store calls as an attacker sees them (issue 37 #4; docs/decisions/stores.md "Store calls: pinned
// address, no answer echoed, https"): a store name that answers a public address to the check and a
// private one to the connection (DNS rebinding) never reaches the private service; a store's answer
// body never comes back to the caller (status and a short reason only); WooCommerce store URLs must
// be https (plain http only to a private address while WEBHOOK_ALLOW_PRIVATE_HOSTS is set).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// The name resolver: the first answer for a name is public (the check), later ones are loopback
// (the connection), the way a rebinding name answers with a short TTL.
const answers = vi.hoisted(() => ({ asked: new Map<string, number>(), rebinding: new Set<string>() }));
vi.mock("node:dns", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:dns")>();
  type Cb = (err: NodeJS.ErrnoException | null, address: unknown, family?: number) => void;
  function lookup(host: string, opts: unknown, cb?: Cb) {
    const done = (typeof opts === "function" ? opts : cb) as Cb;
    const all = typeof opts === "object" && opts !== null && (opts as { all?: boolean }).all;
    if (!answers.rebinding.has(host)) return (real.lookup as (...a: unknown[]) => void)(host, opts, cb);
    const n = (answers.asked.get(host) ?? 0) + 1;
    answers.asked.set(host, n);
    const address = n === 1 ? "93.184.216.34" : "127.0.0.1";
    process.nextTick(() => (all ? done(null, [{ address, family: 4 }]) : done(null, address, 4)));
  }
  return { ...real, default: { ...real, lookup }, lookup };
});

import { POST as storesPost } from "@/app/api/integrations/stores/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { verifyStore, type StoreAccess } from "@/lib/stores/platforms";
import { NUVEMSHOP_STORE, NUVEMSHOP_TOKEN, startNuvemshop } from "../helpers/fakes/nuvemshop";
import { startFake, type Fake } from "../helpers/fakes/server";
import { createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

let internal: Fake;
let nuvem: Fake;
const SECRET = "segredo-do-servico-interno-0123456789";

beforeAll(async () => {
  // An internal service that answers anything with data no caller may read.
  internal = await startFake((_req, res) => res.json(404, { admin_token: SECRET, users: ["root"] }));
  nuvem = await startNuvemshop();
});

afterAll(async () => {
  await Promise.all([internal.close(), nuvem.close()]);
  delete process.env.NUVEMSHOP_API_URL;
  delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
  resetEnvCache();
});

const setPrivate = (on: boolean) => {
  process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = on ? "true" : "false";
  resetEnvCache();
};

afterEach(() => {
  answers.asked.clear();
  answers.rebinding.clear();
});

describe("store calls connect to the address that passed the check", () => {
  it("a name that rebinds to loopback after the check never reaches the private service", async () => {
    setPrivate(false);
    // "localhost": the real resolver (the one fetch used on its own) answers loopback too.
    const host = "localhost";
    answers.rebinding.add(host);
    // Nuvemshop's base is the operator's, but the call takes the same road as every store call.
    process.env.NUVEMSHOP_API_URL = `http://${host}:${new URL(nuvem.url).port}`;
    const before = nuvem.requests.length;
    const access: StoreAccess = {
      platform: "nuvemshop",
      storeUrl: "https://loja.com.br",
      credentials: { store_id: NUVEMSHOP_STORE, user_id: "1", access_token: NUVEMSHOP_TOKEN },
    };
    await expect(verifyStore(access)).rejects.toMatchObject({ kind: "unreachable" });
    expect(nuvem.requests.length).toBe(before);
  });
});

describe("a store's answer is never echoed", () => {
  it("an internal service behind a WooCommerce URL: 400 with the status, none of its body", async () => {
    setPrivate(true);
    const c = await createCompany("Eco da Loja");
    const res = await call(storesPost, {
      token: c.owner.token,
      body: {
        platform: "woocommerce",
        name: "Interna",
        store_url: `${internal.url}/internal-admin`,
        credentials: { consumer_key: "ck_x", consumer_secret: "cs_x" },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("STORE_UNREACHABLE");
    expect(res.text).toContain("404");
    expect(res.text).not.toContain(SECRET);
    expect(res.text).not.toContain("root");
  });

  it("a store URL with a query string or a fragment is refused (it would splice the API path)", async () => {
    setPrivate(true);
    const c = await createCompany("Consulta na URL");
    for (const store_url of [`${internal.url}/internal-admin?x=`, `${internal.url}/a#b`]) {
      const before = internal.requests.length;
      const res = await call(storesPost, {
        token: c.owner.token,
        body: {
          platform: "woocommerce",
          name: "X",
          store_url,
          credentials: { consumer_key: "k", consumer_secret: "s" },
        },
      });
      expect(res.status, store_url).toBe(400);
      expect(res.body.code).toBe("VALIDATION");
      expect(internal.requests.length).toBe(before);
    }
  });
});

describe("WooCommerce store URLs are https", () => {
  const woo = (store_url: string) => ({
    platform: "woocommerce",
    name: "Woo",
    store_url,
    credentials: { consumer_key: "ck_x", consumer_secret: "cs_x" },
  });

  it("plain http to a public address is refused even while private hosts are allowed", async () => {
    setPrivate(true);
    const host = "loja-publica.test";
    answers.rebinding.add(host); // answers a public address first
    const c = await createCompany("Http Publico");
    const res = await call(storesPost, { token: c.owner.token, body: woo(`http://${host}`) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION");
    expect(res.body.details.fields.store_url).toBe("Use o endereço https:// da loja, como https://minhaloja.com.br");
  });

  it("plain http to a private address is refused while private hosts are not allowed", async () => {
    setPrivate(false);
    const c = await createCompany("Http Privado");
    const before = internal.requests.length;
    const res = await call(storesPost, { token: c.owner.token, body: woo(internal.url) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION");
    expect(internal.requests.length).toBe(before);
    expect(await (await db()).store.count({ where: { companyId: c.companyId } })).toBe(0);
  });
});
