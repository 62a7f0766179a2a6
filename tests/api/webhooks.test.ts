// Outgoing webhooks end to end against a local receiver that verifies every signature with the
// standardwebhooks verifier: enqueue on spins (won and lost) and redemptions, retries keeping the
// webhook-id, two workers racing on one queue, the SSRF guard, disabling a failing endpoint, the
// cron route, roles and tenancy.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as cronRoute } from "@/app/api/cron/webhooks/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/integrations/webhooks/route";
import { DELETE as deleteRoute, PUT as updateRoute } from "@/app/api/integrations/webhooks/[id]/route";
import { GET as deliveriesRoute } from "@/app/api/integrations/webhooks/[id]/deliveries/route";
import { POST as redeliverRoute } from "@/app/api/integrations/webhooks/[id]/deliveries/[deliveryId]/redeliver/route";
import { POST as testRoute } from "@/app/api/integrations/webhooks/[id]/test/route";
import { POST as redeemRoute } from "@/app/api/spins/redeem/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { RETRY_DELAYS_MS } from "@/lib/webhooks/backoff";
import { attempt, DELIVERY_TIMEOUT_MS } from "@/lib/webhooks/deliver";
import { startWorkerLoop } from "@/lib/worker/loop";
import { newSecret } from "@/lib/webhooks/service";
import { runOnce } from "@/lib/worker/worker";
import { campaignWheel, spinOn } from "../helpers/campaign";
import { addMember, createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { latestMailTo } from "../helpers/outbox";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";

function allowPrivate(allowed: boolean) {
  process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = allowed ? "true" : "false";
  resetEnvCache();
}

async function addEndpoint(c: TestCompany, receiver: Receiver, events = ["lead.created", "prize.redeemed"]) {
  const res = await call(createRoute, { token: c.owner.token, body: { url: receiver.url, events } });
  expect(res.status, res.text).toBe(201);
  receiver.setSecret(res.body.secret);
  return res.body.endpoint as { id: string };
}

/** Runs the worker until nothing is due at `at` (default now). */
async function deliverAll(at?: Date) {
  for (let i = 0; i < 20; i++) {
    const run = await runOnce({ limit: 50, now: () => at ?? new Date() });
    if (!run.claimed) return;
  }
}

const deliveriesOf = async (endpointId: string) =>
  (await db()).webhookDelivery.findMany({ where: { endpointId }, orderBy: { createdAt: "asc" } });

let receiver: Receiver;
let c: TestCompany;

beforeAll(async () => {
  allowPrivate(true);
  // Endpoints other files of this worker left (the authorization matrix's point at 8.8.8.8, which
  // this machine cannot reach): off, so this file's worker runs send only to its own receivers.
  await (await db()).webhookEndpoint.updateMany({ data: { enabled: false } });
});
afterAll(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
  resetEnvCache();
});
beforeEach(async () => {
  allowPrivate(true);
  await deliverAll(); // nothing left over from an earlier case
  receiver = await startReceiver();
  c = await createCompany("Ganchos");
  return () => receiver.close();
});

describe("outgoing webhooks", () => {
  it("sends every spin (won and lost) and every redemption, signed, with the lead as data", async () => {
    const endpoint = await addEndpoint(c, receiver);
    const list = await call(listRoute, { token: c.owner.token });
    expect(list.body.endpoints).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain("whsec_"); // the secret is shown only once

    const { wheel } = await campaignWheel(c, { no_prize_weight: 0 }, [{ stock: 1 }]);
    const won = await spinOn(c, wheel.slug);
    expect(won.status, won.text).toBe(201);
    expect(won.body.result).toBe("won");
    const lost = await spinOn(c, wheel.slug); // stock gone: refused, nothing recorded
    expect(lost.status).toBe(410);
    const redeem = await call(redeemRoute, {
      token: c.owner.token,
      body: { redemption_code: won.body.redemption_code },
    });
    expect(redeem.status, redeem.text).toBe(200);
    // The spin answered before anything was sent: the messages wait in the outbox.
    expect(receiver.received).toHaveLength(0);
    expect((await deliveriesOf(endpoint.id)).map((d) => d.status)).toEqual(["pending", "pending"]);

    await deliverAll();
    expect(receiver.received.map((r) => r.payload.type).sort()).toEqual(["lead.created", "prize.redeemed"]);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(receiver.received.every((r) => /^msg_[0-9a-f]{32}$/.test(r.id))).toBe(true);
    const lead = receiver.received.find((r) => r.payload.type === "lead.created")!.payload.data;
    expect(lead).toMatchObject({
      customer_name: "Visitante",
      has_won: true,
      redemption_code: won.body.redemption_code,
    });
    const deliveries = await call(deliveriesRoute, { token: c.owner.token, params: { id: endpoint.id } });
    expect(deliveries.body.deliveries.map((d: { status: string }) => d.status)).toEqual(["delivered", "delivered"]);
    expect(deliveries.body.deliveries[0]).toMatchObject({
      attempts: 1,
      response_status: 200,
      next_attempt_at: null,
      last_error: null,
      last_response: "ok",
    });
  });

  it("sends lost spins too, and only the events an endpoint subscribed to", async () => {
    await addEndpoint(c, receiver, ["lead.created"]);
    const { wheel } = await campaignWheel(c, { no_prize_weight: 1_000_000 }, [{ stock: 5, weight: 1 }]);
    for (let i = 0; i < 3; i++) expect((await spinOn(c, wheel.slug)).status).toBe(201);
    await deliverAll();
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received.every((r) => r.payload.type === "lead.created" && r.verified)).toBe(true);
    expect(receiver.received.filter((r) => r.payload.data.has_won === false).length).toBeGreaterThan(0);
  });

  it("retries after a 500 with the same webhook-id and body, on the backoff schedule", async () => {
    const endpoint = await addEndpoint(c, receiver);
    receiver.answer({ status: 500, body: "indisponível" });
    expect((await call(testRoute, { token: c.owner.token, params: { id: endpoint.id } })).status).toBe(202);
    const start = Date.now();
    await deliverAll();
    let [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, responseStatus: 500 });
    const wait = delivery.nextAttemptAt!.getTime() - start;
    expect(wait).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0]);
    expect(wait).toBeLessThan(RETRY_DELAYS_MS[0] + 5_000);

    await deliverAll(); // not due yet
    expect(receiver.received).toHaveLength(1);
    await deliverAll(new Date(delivery.nextAttemptAt!.getTime() + 1));
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 2, responseStatus: 200 });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0].id).toBe(receiver.received[1].id);
    expect(receiver.received[0].body).toBe(receiver.received[1].body);
    expect(receiver.received[0].headers["webhook-signature"]).not.toBe(undefined);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    const log = await (
      await db()
    ).webhookAttempt.findMany({ where: { deliveryId: delivery.id }, orderBy: { number: "asc" } });
    expect(log.map((a) => [a.number, a.responseStatus, a.responseBody])).toEqual([
      [1, 500, "indisponível"],
      [2, 200, "ok"],
    ]);
  });

  it("gives up after the last retry and keeps at most 1 KB of an answer", async () => {
    const endpoint = await addEndpoint(c, receiver);
    const big = "x".repeat(5000);
    receiver.answer(...Array.from({ length: RETRY_DELAYS_MS.length + 1 }, () => ({ status: 503, body: big })));
    await call(testRoute, { token: c.owner.token, params: { id: endpoint.id } });
    let at = Date.now();
    for (const delay of [0, ...RETRY_DELAYS_MS]) {
      at += delay + 1;
      await deliverAll(new Date(at));
    }
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: "failed", attempts: RETRY_DELAYS_MS.length + 1, nextAttemptAt: null });
    const log = await (await db()).webhookAttempt.findMany({ where: { deliveryId: delivery.id } });
    expect(log).toHaveLength(RETRY_DELAYS_MS.length + 1);
    expect(log.every((a) => a.responseBody!.length === 1024)).toBe(true);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);

    // "Reenviar": the same message once more, now.
    const again = await call(redeliverRoute, {
      token: c.owner.token,
      params: { id: endpoint.id, deliveryId: delivery.id },
    });
    expect(again.status, again.text).toBe(202);
    await deliverAll();
    expect((await deliveriesOf(endpoint.id))[0].status).toBe("delivered");
    expect(receiver.received.at(-1)!.id).toBe(delivery.id);
  });

  it("two workers racing on one queue never send an attempt twice", async () => {
    const endpoint = await addEndpoint(c, receiver);
    const prisma = await db();
    const n = 40;
    for (let i = 0; i < n; i++) await call(testRoute, { token: c.owner.token, params: { id: endpoint.id } });
    const worker = async () => {
      for (let i = 0; i < 50; i++) if (!(await runOnce({ limit: 3 })).claimed) return;
    };
    await Promise.all([worker(), worker(), worker()]);
    expect(receiver.received).toHaveLength(n);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(n);
    const rows = await prisma.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(rows.every((d) => d.status === "delivered" && d.attempts === 1)).toBe(true);
    expect(await prisma.webhookAttempt.count({ where: { delivery: { endpointId: endpoint.id } } })).toBe(n);
  });

  it("the server's loop keeps delivering past its 10 in flight, and stops cleanly", async () => {
    const endpoint = await addEndpoint(c, receiver);
    for (let i = 0; i < 25; i++) await call(testRoute, { token: c.owner.token, params: { id: endpoint.id } });
    const loop = startWorkerLoop({ intervalMs: 50 });
    try {
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(25);
    } finally {
      await loop.stop();
    }
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.every((d) => d.status === "delivered")).toBe(true);
  });

  it("disables an endpoint failing for 3 days and e-mails the owner", async () => {
    const endpoint = await addEndpoint(c, receiver);
    const prisma = await db();
    await prisma.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { failingSince: new Date(Date.now() - 3 * 24 * 3600_000 - 1000) },
    });
    receiver.answer({ status: 500 });
    await call(testRoute, { token: c.owner.token, params: { id: endpoint.id } });
    await deliverAll();
    const after = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(after.enabled).toBe(false);
    // The URL is shown but cannot be a link (lib/mail/user-text.ts): it reads the same.
    expect((await latestMailTo(c.owner.email)).normalize("NFKC").replace(/\u2060/g, "")).toContain(receiver.url);
    // Off: nothing is sent to it, not even a test; turning it back on restarts the clock.
    const refused = await call(testRoute, { token: c.owner.token, params: { id: endpoint.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("Ative o endpoint para enviar um teste.");
    const on = await call(updateRoute, { token: c.owner.token, params: { id: endpoint.id }, body: { enabled: true } });
    expect(on.body.endpoint.enabled).toBe(true);
    expect((await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).toBe(null);
  });

  it("a success clears the failure clock", async () => {
    const endpoint = await addEndpoint(c, receiver);
    const prisma = await db();
    await prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince: new Date() } });
    await call(testRoute, { token: c.owner.token, params: { id: endpoint.id } });
    await deliverAll();
    expect((await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).toBe(null);
  });
});

describe("the SSRF guard", () => {
  const refused = [
    "http://127.0.0.1:8080/x",
    "http://localhost/x",
    "http://10.1.2.3/x",
    "http://172.16.0.1/x",
    "http://192.168.0.10/x",
    "http://169.254.169.254/latest/meta-data",
    "http://[::1]/x",
    "http://[::ffff:127.0.0.1]/x",
    "http://[fd00::1]/x",
    "http://100.64.0.1/x",
    "http://0.0.0.0/x",
  ];

  it.each(refused)("refuses %s with a 400", async (url) => {
    allowPrivate(false);
    const res = await call(createRoute, { token: c.owner.token, body: { url, events: ["lead.created"] } });
    expect(res.status).toBe(400);
    expect(res.body.details.fields.url).toBe(
      "Esta URL aponta para um endereço interno ou privado e não pode receber webhooks.",
    );
  });

  it.each(["ftp://exemplo.com.br/x", "javascript:alert(1)", "http://user:pw@exemplo.com/x", "nada"])(
    "refuses %s as not an http(s) URL",
    async (url) => {
      const res = await call(createRoute, { token: c.owner.token, body: { url, events: ["lead.created"] } });
      expect(res.status).toBe(400);
      expect(res.body.details.fields.url).toBe("Informe uma URL http ou https válida");
    },
  );

  it("checks again at delivery time and sends nothing to a private address", async () => {
    const endpoint = await addEndpoint(c, receiver); // allowed while it was saved
    allowPrivate(false);
    await call(testRoute, { token: c.owner.token, params: { id: endpoint.id } });
    await deliverAll();
    expect(receiver.received).toHaveLength(0);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, responseStatus: null });
    const [log] = await (await db()).webhookAttempt.findMany({ where: { deliveryId: delivery.id } });
    expect(log.error).toBe("Endereço bloqueado (rede interna ou privada)");
    const shown = await call(deliveriesRoute, { token: c.owner.token, params: { id: endpoint.id } });
    expect(shown.body.deliveries[0].last_error).toBe("Endereço bloqueado (rede interna ou privada)");
  });

  it("validates the body of a create and an update", async () => {
    const none = await call(createRoute, { token: c.owner.token, body: { url: receiver.url, events: [] } });
    expect(none.status).toBe(400);
    expect(none.body.details.fields.events).toBe("Escolha ao menos um evento");
    const bad = await call(createRoute, {
      token: c.owner.token,
      body: { url: receiver.url, events: ["lead.deleted"] },
    });
    expect(bad.status).toBe(400);
    const endpoint = await addEndpoint(c, receiver);
    const put = await call(updateRoute, {
      token: c.owner.token,
      params: { id: endpoint.id },
      body: { enabled: "sim" },
    });
    expect(put.status).toBe(400);
  });
});

describe("who may manage webhooks", () => {
  it("owner and admin may; a member gets 403", async () => {
    const admin = await addMember(c.companyId, "admin");
    const member = await addMember(c.companyId, "member");
    const body = { url: receiver.url, events: ["lead.created"] };
    expect((await call(createRoute, { token: admin.token, body })).status).toBe(201);
    const denied = await call(listRoute, { token: member.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("Apenas proprietários e administradores podem gerenciar integrações.");
    expect((await call(createRoute, { token: member.token, body })).status).toBe(403);
  });

  it("another company's endpoint and deliveries are not found", async () => {
    const endpoint = await addEndpoint(c, receiver);
    const test = await call(testRoute, { token: c.owner.token, params: { id: endpoint.id } });
    const other = await createCompany("Intrusa");
    const token = other.owner.token;
    const params = { id: endpoint.id };
    expect((await call(updateRoute, { token, params, body: { enabled: false } })).status).toBe(404);
    expect((await call(deleteRoute, { token, params })).status).toBe(404);
    expect((await call(testRoute, { token, params })).status).toBe(404);
    expect((await call(deliveriesRoute, { token, params })).status).toBe(404);
    const redo = await call(redeliverRoute, { token, params: { ...params, deliveryId: test.body.delivery.id } });
    expect(redo.status).toBe(404);
    expect((await call(listRoute, { token })).body.endpoints).toEqual([]);
    // Their own endpoint cannot reach this company's delivery either.
    const theirs = await call(createRoute, { token, body: { url: receiver.url, events: ["lead.created"] } });
    const cross = await call(redeliverRoute, {
      token,
      params: { id: theirs.body.endpoint.id, deliveryId: test.body.delivery.id },
    });
    expect(cross.status).toBe(404);
    // Nothing of the owner's changed.
    expect((await deliveriesOf(endpoint.id)).length).toBe(1);
    expect((await call(deleteRoute, { token: c.owner.token, params })).status).toBe(200);
  });
});

describe("abuse", () => {
  it("limits tests and resends to 60 a minute per company", async () => {
    const endpoint = await addEndpoint(c, receiver);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await call(testRoute, { token: c.owner.token, params: { id: endpoint.id } })).status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(60);
    const refused = await call(testRoute, { token: c.owner.token, params: { id: endpoint.id } });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("Muitos envios seguidos. Aguarde um minuto e tente novamente.");
    expect(refused.headers.get("retry-after")).toBeTruthy();
    // Its 60 queued tests are not for the next cases' workers.
    await (await db()).webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false } });
  });
});

describe("the cron route", () => {
  it("answers 401 without the CRON_SECRET bearer, and delivers with it", async () => {
    process.env.CRON_SECRET = "cron-secret-0123456789";
    resetEnvCache();
    try {
      expect((await call(cronRoute, {})).status).toBe(401);
      expect((await call(cronRoute, { headers: { authorization: "Bearer errado-0123456789" } })).status).toBe(401);
      const endpoint = await addEndpoint(c, receiver);
      await call(testRoute, { token: c.owner.token, params: { id: endpoint.id } });
      const ok = await call(cronRoute, { headers: { authorization: "Bearer cron-secret-0123456789" } });
      expect(ok.status).toBe(200);
      expect(ok.body.delivered).toBeGreaterThanOrEqual(1);
      expect(receiver.received).toHaveLength(1);
    } finally {
      delete process.env.CRON_SECRET;
      resetEnvCache();
    }
  });
});

describe("one attempt", () => {
  it("gives up on a receiver that does not answer in time", async () => {
    const { createServer } = await import("node:http");
    const silent = createServer(() => undefined); // accepts, never answers
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as import("node:net").AddressInfo;
    try {
      const started = Date.now();
      const result = await attempt(
        { id: "msg_teste", url: `http://127.0.0.1:${port}/`, secret: newSecret(), body: "{}" },
        300,
      );
      expect(result).toMatchObject({ ok: false, status: null, error: "Tempo esgotado (0.3 s)" });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
    expect(DELIVERY_TIMEOUT_MS).toBe(10_000);
  });

  it("does not follow redirects: a 3xx is a failed attempt", async () => {
    receiver.answer({ status: 302, body: "" });
    const result = await attempt({ id: "msg_teste", url: receiver.url, secret: newSecret(), body: "{}" });
    expect(result).toMatchObject({ ok: false, status: 302 });
  });
});
