// One company cannot take the webhook machinery for itself (docs/api.md "Outgoing webhooks"): at
// most 10 endpoints per company, exact under parallel creates, and a company whose endpoints hang
// delays another company's first attempt by at most one delivery timeout.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/integrations/webhooks/route";
import { DELETE as deleteRoute } from "@/app/api/integrations/webhooks/[id]/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { startWorkerLoop } from "@/lib/worker/loop";
import { campaignWheel, spinOn } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { startReceiver } from "../helpers/webhook-receiver";

const LIMIT_MESSAGE = "Limite de 10 endpoints de webhook por empresa atingido.";

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS = "true";
  resetEnvCache();
  // Other files' endpoints in this worker's database are not this file's to deliver.
  await (await db()).webhookEndpoint.updateMany({ data: { enabled: false } });
});
afterAll(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS;
  delete process.env.WEBHOOK_TIMEOUT_MS;
  resetEnvCache();
});

const create = (c: TestCompany, url: string) =>
  call(createRoute, { token: c.owner.token, body: { url, events: ["lead.created"] } });

describe("webhook endpoints per company", () => {
  it("allows 10; the 11th answers 409 ENDPOINT_LIMIT, exactly, even when created in parallel", async () => {
    const c = await createCompany("Muitos Ganchos");
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => create(c, `http://127.0.0.1:9/h${i}`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(6);
    for (const r of refused) {
      expect(r.status, r.text).toBe(409);
      expect(r.body).toMatchObject({ code: "ENDPOINT_LIMIT", error: LIMIT_MESSAGE });
    }
    const prisma = await db();
    expect(await prisma.webhookEndpoint.count({ where: { companyId: c.companyId } })).toBe(10);

    // Another company is not affected; deleting one frees a place.
    expect((await create(await createCompany("Outra"), "http://127.0.0.1:9/x")).status).toBe(201);
    const first = answers.find((a) => a.status === 201)!.body.endpoint.id;
    expect((await call(deleteRoute, { token: c.owner.token, params: { id: first } })).status).toBe(200);
    expect((await create(c, "http://127.0.0.1:9/again")).status).toBe(201);
    expect((await create(c, "http://127.0.0.1:9/over")).status).toBe(409);
    await prisma.webhookEndpoint.updateMany({ where: { companyId: c.companyId }, data: { enabled: false } });
  });
});

describe("fair delivery between companies", () => {
  // Lowered from 10 s to keep the test short; the bound stays proportional: one timeout, plus half
  // of one for the claim, the records and the request on a busy test machine.
  const TIMEOUT_MS = 3000;
  const MARGIN_MS = 1500;

  it.each([1, 2])(
    "%i company(ies) with 10 hanging endpoints delay another's first attempt by at most one timeout",
    async (hogs) => {
      process.env.WEBHOOK_TIMEOUT_MS = String(TIMEOUT_MS);
      resetEnvCache();
      let hits = 0;
      const hanging = createServer(() => void hits++); // accepts, never answers
      await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
      const hangUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hook`;
      const receiver = await startReceiver();
      let loop: ReturnType<typeof startWorkerLoop> | undefined;
      const prisma = await db();
      const companies: string[] = [];
      try {
        // The other company is ready before the worker starts: its event is the only thing after.
        const b = await createCompany("Rápida");
        companies.push(b.companyId);
        const made = await create(b, receiver.url);
        receiver.setSecret(made.body.secret);
        const { wheel } = await campaignWheel(b, { no_prize_weight: 0 }, [{ stock: 1 }]);
        // The hogs: 10 endpoints each on the hanging receiver, 3 spins each (30 messages each).
        for (let h = 0; h < hogs; h++) {
          const a = await createCompany(`Lenta ${h}`);
          companies.push(a.companyId);
          for (let i = 0; i < 10; i++) expect((await create(a, `${hangUrl}?e=${i}`)).status).toBe(201);
          const { wheel } = await campaignWheel(a, { no_prize_weight: 0 }, [{ stock: 10 }]);
          for (let i = 0; i < 3; i++) expect((await spinOn(a, wheel.slug)).status).toBe(201);
        }
        // The worker is busy with them before the other company's event happens.
        loop = startWorkerLoop({ intervalMs: 50 });
        await expect.poll(() => hits, { timeout: 5_000, interval: 20 }).toBeGreaterThanOrEqual(5 * hogs);

        const spun = await spinOn(b, wheel.slug);
        expect(spun.status, spun.text).toBe(201);
        const event = Date.parse(spun.body.timestamp);

        const until = Date.now() + 4 * TIMEOUT_MS; // bounded: a starved delivery fails here, not by the test timeout
        while (!receiver.received.length && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
        const waited = (receiver.received[0]?.at ?? Date.now()) - event;
        expect(waited).toBeLessThanOrEqual(TIMEOUT_MS + MARGIN_MS);
        expect(receiver.received[0].payload.type).toBe("lead.created");
      } finally {
        const stopping = loop?.stop();
        hanging.closeAllConnections();
        hanging.close();
        await stopping;
        await receiver.close();
        await prisma.webhookEndpoint.updateMany({
          where: { companyId: { in: companies } },
          data: { enabled: false },
        });
        delete process.env.WEBHOOK_TIMEOUT_MS;
        resetEnvCache();
      }
    },
    60_000,
  );
});
