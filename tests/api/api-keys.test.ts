// API keys and POST /redemptions (docs/api.md "API keys (issue 39)"): the attacker's cases first
// (another company's key, a key without the scope, a revoked key, a member creating keys), then the
// till's path: a key shown once, stored hashed, channel "api" with the order, last use shown.
import { describe, expect, it } from "vitest";
import { DELETE as revokeRoute } from "@/app/api/api-keys/[id]/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/api-keys/route";
import { POST as redemptionsRoute } from "@/app/api/redemptions/route";
import { POST as redeemRoute } from "@/app/api/spins/redeem/route";
import { GET as productsRoute } from "@/app/api/products/route";
import { GET as leadsRoute } from "@/app/api/wheels/spins/all/route";
import { DELETE as removeUserRoute } from "@/app/api/users/[id]/route";
import { db } from "@/lib/db/client";
import { campaignWheel, spinOn } from "../helpers/campaign";
import { addMember, createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

async function shop(name: string) {
  const c = await createCompany(name);
  const { wheel } = await campaignWheel(c, { no_prize_weight: 0, redeem_within_days: 3 }, [{ stock: 20 }]);
  const code = async () => (await spinOn(c, wheel.slug)).body.redemption_code as string;
  return { c, code };
}

async function newKey(c: TestCompany, scopes: string[], token = c.owner.token) {
  const res = await call(createRoute, { token, body: { name: "Caixa 1", scopes } });
  expect(res.status, res.text).toBe(201);
  return res.body as { key: string; api_key: { id: string; prefix: string } };
}

const spinByCode = async (code: string) => (await db()).spin.findFirstOrThrow({ where: { redemptionCode: code } });

describe("API keys: the attacker's cases", () => {
  it("another company's key cannot redeem this company's code (404, nothing changes)", async () => {
    const a = await shop("Loja A Chaves");
    const b = await shop("Loja B Chaves");
    const code = await a.code();
    const { key } = await newKey(b.c, ["redemptions:write"]);
    const res = await call(redemptionsRoute, { token: key, body: { code } });
    expect(res.status, res.text).toBe(404);
    expect((await spinByCode(code)).redeemedAt).toBeNull();
  });

  it("a leads:read key cannot redeem (403), nor reach a route no scope grants", async () => {
    const { c, code } = await shop("Loja Escopo");
    const first = await code();
    const { key } = await newKey(c, ["leads:read"]);
    const res = await call(redemptionsRoute, { token: key, body: { code: first } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("Esta chave de API não tem permissão para esta ação.");
    expect((await spinByCode(first)).redeemedAt).toBeNull();
    // The counter's route takes sessions only, and products are no key's business.
    expect((await call(redeemRoute, { token: key, body: { redemption_code: first } })).status).toBe(403);
    expect((await call(productsRoute, { token: key })).status).toBe(403);
    // The scope it has works.
    const leads = await call(leadsRoute, { token: key });
    expect(leads.status, leads.text).toBe(200);
    expect(leads.body.spins).toHaveLength(1);
  });

  it("a revoked key is 401; a made-up one too", async () => {
    const { c, code } = await shop("Loja Revoga");
    const first = await code();
    const { key, api_key } = await newKey(c, ["redemptions:write"]);
    const revoked = await call(revokeRoute, { method: "DELETE", token: c.owner.token, params: { id: api_key.id } });
    expect(revoked.status).toBe(204);
    const res = await call(redemptionsRoute, { token: key, body: { code: first } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("Chave de API inválida ou revogada.");
    const madeUp = `rp_live_${"A".repeat(43)}`;
    expect((await call(redemptionsRoute, { token: madeUp, body: { code: first } })).status).toBe(401);
    expect((await spinByCode(first)).redeemedAt).toBeNull();
  });

  it("a removed admin's keys answer 401 afterwards; the owner's keys stay; the list names each creator", async () => {
    const { c, code } = await shop("Loja Ex-Admin");
    const admin = await addMember(c.companyId, "admin");
    const { key: theirs, api_key: theirsRow } = await newKey(c, ["redemptions:write"], admin.token);
    const { key: ours, api_key: oursRow } = await newKey(c, ["redemptions:write"]);
    const list = await call(listRoute, { token: c.owner.token });
    const byId = new Map(list.body.api_keys.map((k: { id: string }) => [k.id, k]));
    expect(byId.get(theirsRow.id)).toMatchObject({ created_by: { id: admin.id, name: "Pessoa admin" } });
    expect(byId.get(oursRow.id)).toMatchObject({ created_by: { id: c.owner.id, name: expect.any(String) } });
    expect((await call(redemptionsRoute, { token: theirs, body: { code: await code() } })).status).toBe(200);

    const removed = await call(removeUserRoute, { method: "DELETE", token: c.owner.token, params: { id: admin.id } });
    expect(removed.status, removed.text).toBe(200);
    const first = await code();
    const refused = await call(redemptionsRoute, { token: theirs, body: { code: first } });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe("Chave de API inválida ou revogada.");
    expect((await spinByCode(first)).redeemedAt).toBeNull();
    expect((await call(redemptionsRoute, { token: ours, body: { code: first } })).status).toBe(200);
    const after = await call(listRoute, { token: c.owner.token });
    expect(after.body.api_keys.map((k: { id: string }) => k.id)).toEqual([oursRow.id]);
    const audit = await (
      await db()
    ).auditLog.findFirst({
      where: { companyId: c.companyId, action: "api_key.revoked" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit?.detail).toMatchObject({ api_key: theirsRow.id, reason: "creator removed" });
  });

  it("a member cannot create, list or revoke keys (403); another company's key id is 404", async () => {
    const { c } = await shop("Loja Membro");
    const other = await shop("Loja Outra");
    const member = await addMember(c.companyId, "member");
    const res = await call(createRoute, { token: member.token, body: { name: "Minha", scopes: ["leads:read"] } });
    expect(res.status).toBe(403);
    expect((await call(listRoute, { token: member.token })).status).toBe(403);
    const { api_key } = await newKey(c, ["leads:read"]);
    expect(
      (await call(revokeRoute, { method: "DELETE", token: member.token, params: { id: api_key.id } })).status,
    ).toBe(403);
    const cross = await call(revokeRoute, { method: "DELETE", token: other.c.owner.token, params: { id: api_key.id } });
    expect(cross.status).toBe(404);
    // A key cannot make keys either: no scope grants it.
    const { key } = await newKey(c, ["redemptions:write", "leads:read"]);
    expect((await call(createRoute, { token: key, body: { name: "x", scopes: ["leads:read"] } })).status).toBe(403);
    const admin = await addMember(c.companyId, "admin");
    await newKey(c, ["leads:read"], admin.token);
  });
});

describe("API keys: the till's path", () => {
  it("shows the key once, stores only its hash, and records channel api with the order", async () => {
    const { c, code } = await shop("Loja PDV");
    const first = await code();
    const { key, api_key } = await newKey(c, ["redemptions:write"]);
    expect(key).toMatch(/^rp_live_[A-Za-z0-9_-]{43}$/);
    expect(api_key.prefix).toBe(key.slice(0, 12));
    const stored = await (await db()).apiKey.findUniqueOrThrow({ where: { id: api_key.id } });
    expect(JSON.stringify(stored)).not.toContain(key.slice(12));
    const list = await call(listRoute, { token: c.owner.token });
    expect(list.body.api_keys).toEqual([expect.objectContaining({ id: api_key.id, last_used_at: null })]);
    expect(list.text).not.toContain(key.slice(12));

    const res = await call(redemptionsRoute, {
      token: key,
      body: { code: first.toLowerCase(), order_id: "PDV-778", total_cents: 4590 },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.redemption).toMatchObject({
      channel: "api",
      by_user_id: null,
      order: { id: "PDV-778", total_cents: 4590, currency: "BRL" },
    });
    expect(res.body.spin).toEqual({ id: expect.any(String), product_name: expect.any(String), redemption_code: first });
    expect(JSON.stringify(res.body)).not.toContain("whatsapp");
    const again = await call(redemptionsRoute, { token: key, body: { code: first, order_id: "PDV-779" } });
    expect(again.status).toBe(409);
    expect((await spinByCode(first)).orderId).toBe("PDV-778");

    const after = await call(listRoute, { token: c.owner.token });
    expect(after.body.api_keys[0].last_used_at).not.toBeNull();
    const audit = await (
      await db()
    ).auditLog.findFirst({
      where: { companyId: c.companyId, action: "prize.redeemed" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit?.detail).toMatchObject({ channel: "api", api_key: api_key.id });
  });

  it("a staff session may call it too; bad input is a pt-BR 400", async () => {
    const { c, code } = await shop("Loja Sessão");
    const first = await code();
    const member = await addMember(c.companyId, "member");
    const bad = await call(redemptionsRoute, { token: member.token, body: { code: first, total_cents: 10.5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/centavos|pedido/);
    const noOrder = await call(redemptionsRoute, { token: member.token, body: { code: first, total_cents: 100 } });
    expect(noOrder.status).toBe(400);
    expect(noOrder.body.error).toBe("Informe o pedido (order_id) junto do total e da moeda");
    const res = await call(redemptionsRoute, { token: member.token, body: { code: first } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.redemption).toMatchObject({ channel: "api", by_user_id: member.id, order: null });
    const badScope = await call(createRoute, { token: c.owner.token, body: { name: "x", scopes: ["admin"] } });
    expect(badScope.status).toBe(400);
    expect(badScope.body.error).toBe("Permissão inválida");
  });
});
