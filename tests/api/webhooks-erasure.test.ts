// LGPD erasure reaches the webhook outbox and the spin's replay store (docs/api.md "LGPD"): after a
// person is erased, no stored message body, receiver answer or Idempotency-Key replay carries their
// name or number, their pending messages are never sent, and "Reenviar" answers 410 ERASED.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as lgpdEraseRoute } from "@/app/api/lgpd/erase/route";
import { POST as createRoute } from "@/app/api/integrations/webhooks/route";
import { GET as deliveriesRoute } from "@/app/api/integrations/webhooks/[id]/deliveries/route";
import { POST as redeliverRoute } from "@/app/api/integrations/webhooks/[id]/deliveries/[deliveryId]/redeliver/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { POST as redeemRoute } from "@/app/api/spins/redeem/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { runOnce } from "@/lib/worker/worker";
import { campaignWheel, newPhone } from "../helpers/campaign";
import { createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { startReceiver } from "../helpers/webhook-receiver";

async function deliverAll(at?: Date) {
  for (let i = 0; i < 20; i++) if (!(await runOnce({ limit: 50, now: () => at ?? new Date() })).claimed) return;
}

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
  resetEnvCache();
  // Other files' endpoints in this worker's database are not this file's to deliver.
  await (await db()).webhookEndpoint.updateMany({ data: { enabled: false } });
});
afterAll(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
  resetEnvCache();
});

describe("LGPD erasure and webhooks", () => {
  it("scrubs stored bodies and answers, cancels pending messages, refuses Reenviar and replays", async () => {
    const receiver = await startReceiver();
    try {
      const c = await createCompany("Apaga Tudo");
      const created = await call(createRoute, {
        token: c.owner.token,
        body: { url: receiver.url, events: ["lead.created", "prize.redeemed"] },
      });
      expect(created.status, created.text).toBe(201);
      receiver.setSecret(created.body.secret);
      const endpointId = created.body.endpoint.id as string;

      const name = "Maria Sigilosa Prado";
      const typed = newPhone(); // "(11) 9xxxx-xxxx"
      const digits = typed.replace(/\D/g, "").slice(2); // the 9 digits after the area code
      const person = { name, whatsapp: typed, consent: true };
      const spinWith = (wheel: string, key: string) =>
        call(spinRoute, { params: { companySlug: c.slug, wheel }, body: person, headers: { "idempotency-key": key } });

      // Spin 1: its lead.created is delivered, and the receiver's answer echoes the person.
      const { wheel: w1 } = await campaignWheel(c, { no_prize_weight: 0 }, [{ stock: 5 }]);
      const first = await spinWith(w1.slug, "erase-key-1");
      expect(first.status, first.text).toBe(201);
      receiver.answer({ status: 200, body: `contato criado: ${name}` });
      await deliverAll();
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0].body).toContain(name);

      // Spin 2 (another wheel): its first attempt fails, so a rendered body waits for a retry.
      const { wheel: w2 } = await campaignWheel(c, { no_prize_weight: 0 }, [{ stock: 5 }]);
      receiver.answer({ status: 500, body: `erro ao salvar ${name}` });
      expect((await spinWith(w2.slug, "erase-key-2")).status).toBe(201);
      await deliverAll();
      expect(receiver.received).toHaveLength(2);
      // Spin 1 is handed over: its prize.redeemed waits in the outbox, not yet rendered.
      const redeem = await call(redeemRoute, {
        token: c.owner.token,
        body: { redemption_code: first.body.redemption_code },
      });
      expect(redeem.status, redeem.text).toBe(200);

      const prisma = await db();
      const before = await prisma.webhookDelivery.findMany({ where: { endpointId } });
      expect(before.map((d) => d.status).sort()).toEqual(["delivered", "pending", "pending"]);

      const erased = await call(lgpdEraseRoute, { token: c.owner.token, body: { whatsapp: typed } });
      expect(erased.status, erased.text).toBe(200);
      expect(erased.body.erased).toBe(2);

      // Nothing stored for the outbox names the person any more.
      const after = await prisma.webhookDelivery.findMany({ where: { endpointId }, include: { log: true } });
      const stored = JSON.stringify(after);
      expect(stored).not.toContain(name);
      expect(stored).not.toContain(digits);
      // The pending messages are cancelled; delivered stays delivered; every one is marked erased.
      expect(after.map((d) => d.status).sort()).toEqual(["cancelled", "cancelled", "delivered"]);
      expect(after.every((d) => d.erasedAt !== null)).toBe(true);

      // They are never sent, not even once their retry time comes.
      await deliverAll();
      await deliverAll(new Date(Date.now() + 24 * 3600_000));
      expect(receiver.received).toHaveLength(2);

      // "Reenviar" refuses each of them, and the log says why.
      for (const d of after) {
        const again = await call(redeliverRoute, {
          token: c.owner.token,
          params: { id: endpointId, deliveryId: d.id },
        });
        expect(again.status, again.text).toBe(410);
        expect(again.body.code).toBe("ERASED");
        expect(again.body.error).toBe("Esta mensagem foi apagada a pedido do titular (LGPD) e não pode ser reenviada.");
      }
      await deliverAll();
      expect(receiver.received).toHaveLength(2);
      const log = await call(deliveriesRoute, { token: c.owner.token, params: { id: endpointId } });
      expect(log.body.deliveries.every((d: { erased_at: string | null }) => d.erased_at !== null)).toBe(true);
      expect(log.text).not.toContain(name);

      // An Idempotency-Key replay of an erased spin gives nothing of the person back.
      const replay = await spinWith(w1.slug, "erase-key-1");
      expect(replay.status, replay.text).toBe(410);
      expect(replay.body.code).toBe("ERASED");
      expect(replay.text).not.toContain(name);
      expect(replay.text).not.toContain(digits);
      const spins = await prisma.spin.findMany({ where: { companyId: c.companyId } });
      expect(spins).toHaveLength(2);
      expect(spins.every((s) => s.requestHash === null && s.anonymizedAt !== null)).toBe(true);

      // Nor do the contacts or the audit log.
      const elsewhere = JSON.stringify([
        await prisma.contact.findMany({ where: { companyId: c.companyId } }),
        await prisma.auditLog.findMany({ where: { companyId: c.companyId } }),
      ]);
      expect(elsewhere).not.toContain(digits);
      expect(elsewhere).not.toContain(name);
    } finally {
      await receiver.close();
    }
  });

  it("another person's messages are untouched and can be resent", async () => {
    const receiver = await startReceiver();
    try {
      const c = await createCompany("Apaga Um Só");
      const created = await call(createRoute, {
        token: c.owner.token,
        body: { url: receiver.url, events: ["lead.created"] },
      });
      receiver.setSecret(created.body.secret);
      const endpointId = created.body.endpoint.id as string;
      const { wheel } = await campaignWheel(c, { no_prize_weight: 0 }, [{ stock: 5 }]);
      const spin = (name: string, whatsapp: string) =>
        call(spinRoute, {
          params: { companySlug: c.slug, wheel: wheel.slug },
          body: { name, whatsapp, consent: true },
        });
      const gone = newPhone();
      expect((await spin("Quem Sai", gone)).status).toBe(201);
      expect((await spin("Quem Fica", newPhone())).status).toBe(201);
      await deliverAll();
      expect((await call(lgpdEraseRoute, { token: c.owner.token, body: { whatsapp: gone } })).body.erased).toBe(1);

      const rows = await (await db()).webhookDelivery.findMany({ where: { endpointId } });
      const kept = rows.find((d) => d.body?.includes("Quem Fica"))!;
      expect(kept.erasedAt).toBe(null);
      const again = await call(redeliverRoute, {
        token: c.owner.token,
        params: { id: endpointId, deliveryId: kept.id },
      });
      expect(again.status, again.text).toBe(202);
      await deliverAll();
      expect(receiver.received.at(-1)!.body).toContain("Quem Fica");
    } finally {
      await receiver.close();
    }
  });
});
