// A redemption is one record with a channel (docs/decisions/redemptions.md): the counter's scan
// records channel "counter" and the staff member, the shared write records a store's order once,
// the lead and the prize.redeemed webhook carry `redemption`, and an undo clears all of it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createEndpoint } from "@/app/api/integrations/webhooks/route";
import { POST as redeemRoute } from "@/app/api/spins/redeem/route";
import { POST as unredeemRoute } from "@/app/api/spins/unredeem/route";
import { GET as leadsRoute } from "@/app/api/wheels/spins/all/route";
import { db } from "@/lib/db/client";
import { tenantTx } from "@/lib/db/tenant";
import { resetEnvCache } from "@/lib/env";
import { recordRedemption } from "@/lib/redemption/record";
import { runOnce } from "@/lib/worker/worker";
import { campaignWheel, spinOn } from "../helpers/campaign";
import { addMember, createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { startReceiver } from "../helpers/webhook-receiver";

async function setup(name: string) {
  const c = await createCompany(name);
  const { wheel } = await campaignWheel(c, { no_prize_weight: 0, redeem_within_days: 3 }, [{ stock: 20 }]);
  const code = async () => (await spinOn(c, wheel.slug)).body.redemption_code as string;
  return { c, code };
}

async function leadOf(c: TestCompany, code: string) {
  const res = await call(leadsRoute, { token: c.owner.token, url: "/api/wheels/spins/all?limit=100" });
  expect(res.status, res.text).toBe(200);
  return res.body.spins.find((s: { redemption_code: string }) => s.redemption_code === code);
}

const spinByCode = async (code: string) => (await db()).spin.findFirstOrThrow({ where: { redemptionCode: code } });

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
  resetEnvCache();
  await (await db()).webhookEndpoint.updateMany({ data: { enabled: false } });
});
afterAll(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
  resetEnvCache();
});

describe("the redemption record", () => {
  it("records the counter's scan with its staff member; the lead and the webhook carry it", async () => {
    const { c, code } = await setup("Loja Registro");
    const receiver = await startReceiver();
    try {
      const ep = await call(createEndpoint, {
        token: c.owner.token,
        body: { url: receiver.url, events: ["prize.redeemed"] },
      });
      expect(ep.status, ep.text).toBe(201);
      receiver.setSecret(ep.body.secret);
      const member = await addMember(c.companyId, "member");
      const first = await code();
      expect(await leadOf(c, first)).toMatchObject({ redeemed_at: null, redemption: null });

      const res = await call(redeemRoute, { token: member.token, body: { redemption_code: first } });
      expect(res.status, res.text).toBe(200);
      const want = { channel: "counter", unit_id: null, by_user_id: member.id, order: null };
      expect(res.body.spin.redemption).toMatchObject(want);
      const lead = await leadOf(c, first);
      expect(lead.redemption).toEqual({ ...want, at: lead.redeemed_at });

      for (let i = 0; i < 5 && (await runOnce({ limit: 50 })).claimed; i++);
      const sent = receiver.received.find((r) => r.payload.type === "prize.redeemed");
      expect(sent?.verified).toBe(true);
      expect(sent!.payload.data.redemption).toEqual(lead.redemption);
    } finally {
      await receiver.close();
    }
  });

  it("undo clears the whole record", async () => {
    const { c, code } = await setup("Loja Desfaz");
    const first = await code();
    expect((await call(redeemRoute, { token: c.owner.token, body: { redemption_code: first } })).status).toBe(200);
    const undo = await call(unredeemRoute, { token: c.owner.token, body: { redemption_code: first } });
    expect(undo.status, undo.text).toBe(200);
    expect(undo.body.spin).toMatchObject({ redeemed_at: null, redemption: null });
    expect(await spinByCode(first)).toMatchObject({ redemptionChannel: null, redeemedById: null, orderId: null });
  });

  it("records a store order once, ignores another company's spin, and skips the validity check", async () => {
    const { c, code } = await setup("Loja Pedido");
    const other = await setup("Outra Loja");
    const [mine, theirs] = [await code(), await other.code()];
    const prisma = await db();
    // The code expired in the shop's eyes, but the store accepted the coupon: the sale happened.
    await prisma.spin.updateMany({
      where: { redemptionCode: mine },
      data: { redeemUntil: new Date(Date.now() - 60_000) },
    });
    const spin = await spinByCode(mine);
    const theirSpin = await spinByCode(theirs);
    const order = { id: "1001", totalCents: 15990, currency: "BRL" };
    const at = new Date();
    const record = (id: string) =>
      tenantTx(c, (tx) => recordRedemption(tx, c.companyId, id, { channel: "store", at, order, checkValidity: false }));

    expect(await record(theirSpin.id)).toBeNull();
    expect((await spinByCode(theirs)).redeemedAt).toBeNull();
    expect(await record(spin.id)).toMatchObject({ redemptionChannel: "store", orderId: "1001" });
    expect(await record(spin.id)).toBeNull(); // the same order again changes nothing
    const lead = await leadOf(c, mine);
    expect(lead.redemption).toEqual({
      channel: "store",
      at: at.toISOString(),
      unit_id: null,
      by_user_id: null,
      order: { id: "1001", total_cents: 15990, currency: "BRL", refunded_at: null },
    });
    expect(lead.redemption_status).toBe("redeemed");
  });

  it("refuses an expired code at the counter and leaves no record", async () => {
    const { c, code } = await setup("Loja Expira");
    const first = await code();
    const prisma = await db();
    await prisma.spin.updateMany({ where: { redemptionCode: first }, data: { redeemUntil: new Date(Date.now() - 1) } });
    const res = await call(redeemRoute, { token: c.owner.token, body: { redemption_code: first } });
    expect(res.status).toBe(410);
    expect(await spinByCode(first)).toMatchObject({ redeemedAt: null, redemptionChannel: null });
  });

  it("the database refuses a record on a prize that waits, and an unknown channel", async () => {
    const { code } = await setup("Loja Meia");
    const first = await code();
    const prisma = await db();
    await expect(
      prisma.spin.updateMany({ where: { redemptionCode: first }, data: { redemptionChannel: "counter" } }),
    ).rejects.toThrow();
    await expect(
      prisma.spin.updateMany({
        where: { redemptionCode: first },
        data: { redeemedAt: new Date(), redemptionChannel: "till" },
      }),
    ).rejects.toThrow();
    // Clearing redeemedAt by hand takes the rest of the record with it.
    await prisma.spin.updateMany({
      where: { redemptionCode: first },
      data: { redeemedAt: new Date(), redemptionChannel: "store", orderId: "9", orderTotalCents: 100 },
    });
    await prisma.spin.updateMany({ where: { redemptionCode: first }, data: { redeemedAt: null } });
    expect(await spinByCode(first)).toMatchObject({ redemptionChannel: null, orderId: null, orderTotalCents: null });
  });
});
