// A totem winner's prize sent to the winner's own WhatsApp by our server (issue 49): a kiosk must
// not open a new tab (wa.me) that the next person finds. The totem's token and the prize's code
// name the spin; only a spin won on that totem in the last half hour, once; through the outbox job
// the verified wins use (lib/whatsapp/send.ts sendPrize).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createDevice } from "@/app/api/wheels/[id]/devices/route";
import { PUT as settingsPut } from "@/app/api/integrations/whatsapp/route";
import { POST as prizeMessageRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/kiosk/prize-message/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { db } from "@/lib/db/client";
import { runOnce } from "@/lib/worker/worker";
import { campaignWheel, newPhone } from "../helpers/campaign";
import {
  startWhatsappFake,
  WA_APP_SECRET,
  WA_BUSINESS_PHONE,
  WA_PHONE_NUMBER_ID,
  WA_TOKEN,
  type WhatsappFake,
} from "../helpers/fakes/whatsapp";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call, randomIp } from "../helpers/http";

let fake: WhatsappFake;
let A: TestCompany;
let B: TestCompany;
let wheelA: { id: string; slug: string };
let wheelB: { id: string; slug: string };
let totemA = "";
let otherTotemA = "";
let totemB = "";

const tokenOf = (link: string) => new URL(link, "http://x").searchParams.get("d")!;
async function totem(c: TestCompany, wheelId: string) {
  const res = await call(createDevice, { token: c.owner.token, params: { id: wheelId }, body: { name: "Totem" } });
  expect(res.status, res.text).toBe(201);
  return tokenOf(res.body.device.link);
}
async function play(c: TestCompany, wheel: { slug: string }, device: string | undefined, whatsapp = newPhone()) {
  const res = await call(spinRoute, {
    params: { companySlug: c.slug, wheel: wheel.slug },
    body: { name: "Mariana Souza", whatsapp, consent: true, ...(device && { device }) },
    ip: randomIp(),
  });
  expect(res.status, res.text).toBe(201);
  expect(res.body.redemption_code).toBeTruthy();
  return { code: res.body.redemption_code as string, whatsapp };
}
const send = (c: TestCompany, wheel: { slug: string }, body: unknown) =>
  call(prizeMessageRoute, { params: { companySlug: c.slug, wheel: wheel.slug }, body, ip: randomIp() });
async function work() {
  for (let i = 0; i < 20; i++) if (!(await runOnce({ limit: 50 })).claimed) return;
}

beforeAll(async () => {
  fake = await startWhatsappFake();
  process.env.WHATSAPP_GRAPH_URL = fake.url;
  [A, B] = [await createCompany("Totem Zap A"), await createCompany("Totem Zap B")];
  const res = await call(settingsPut, {
    token: A.owner.token,
    method: "PUT",
    body: {
      phone_number_id: WA_PHONE_NUMBER_ID,
      business_phone: WA_BUSINESS_PHONE,
      access_token: WA_TOKEN,
      app_secret: WA_APP_SECRET,
      prize_template: "premio_ganho",
    },
  });
  expect(res.status, res.text).toBe(200);
  wheelA = (await campaignWheel(A, {}, [{ name: "Caneca", stock: 50 }])).wheel;
  wheelB = (await campaignWheel(B, {}, [{ name: "Caneca", stock: 50 }])).wheel;
  [totemA, otherTotemA, totemB] = [await totem(A, wheelA.id), await totem(A, wheelA.id), await totem(B, wheelB.id)];
});
afterAll(async () => {
  await fake.close();
  delete process.env.WHATSAPP_GRAPH_URL;
});

describe("POST /public/{c}/wheels/{w}/kiosk/prize-message", () => {
  it("queues the prize for the winner's own number, once, however often it is pressed", async () => {
    const { code, whatsapp } = await play(A, wheelA, totemA);
    const first = await send(A, wheelA, { device: totemA, code });
    expect(first.status, first.text).toBe(202);
    expect(first.body).toEqual({ status: "queued" });
    // The answer names nobody: the totem already shows what it may.
    expect(first.text).not.toContain(whatsapp.replace(/\D/g, "").slice(-8));
    expect((await send(A, wheelA, { device: totemA, code: code.toLowerCase() })).status).toBe(202);
    await work();
    const to = whatsapp.replace(/\D/g, "");
    const sent = fake.sent.filter((m) => m.to.endsWith(to.slice(-8)));
    expect(sent).toHaveLength(1);
    expect(sent[0].template?.name).toBe("premio_ganho");
    const row = await (await db()).spin.findFirstOrThrow({ where: { redemptionCode: code } });
    expect(row.messageId).toBeTruthy();
  });

  it("only a prize won on this totem: another totem's, a phone's, another company's are 404", async () => {
    const prisma = await db();
    const onOther = await play(A, wheelA, otherTotemA);
    const onPhone = await play(A, wheelA, undefined);
    const onB = await play(B, wheelB, totemB);
    const spinOfB = () =>
      prisma.spin.findFirstOrThrow({ where: { redemptionCode: onB.code }, select: { id: true, messageStatus: true } });
    const before = await spinOfB();
    for (const code of [onOther.code, onPhone.code, onB.code, "NAOEXISTE"]) {
      const res = await send(A, wheelA, { device: totemA, code });
      expect(res.status, code).toBe(404);
      expect(res.body.error).toBe("Prêmio não encontrado neste totem");
    }
    // Another company's totem on A's address, and A's totem on B's, are no totem there at all.
    expect((await send(A, wheelA, { device: totemB, code: onB.code })).status).toBe(403);
    expect((await send(B, wheelB, { device: totemA, code: onB.code })).status).toBe(403);
    // B's spin was not touched and no job was queued for it.
    expect(await spinOfB()).toEqual(before);
    expect(await prisma.webhookDelivery.count({ where: { spinId: before.id } })).toBe(0);
    await work();
    expect(fake.sent.filter((m) => m.to.endsWith(onPhone.whatsapp.replace(/\D/g, "").slice(-8)))).toHaveLength(0);
  });

  it("a prize won more than half an hour ago is 404 (the next person cannot send it)", async () => {
    const { code } = await play(A, wheelA, totemA);
    await (
      await db()
    ).spin.updateMany({ where: { redemptionCode: code }, data: { createdAt: new Date(Date.now() - 31 * 60_000) } });
    expect((await send(A, wheelA, { device: totemA, code })).status).toBe(404);
  });

  it("a revoked or unknown totem is 403; a bad body is a pt-BR 400; no WhatsApp connected is 400", async () => {
    const { code } = await play(A, wheelA, totemA);
    const unknown = await send(A, wheelA, { device: "nao-existe", code });
    expect(unknown.status).toBe(403);
    expect(unknown.body.code).toBe("DEVICE_REVOKED");
    const bad = await send(A, wheelA, { device: totemA });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields.code).toBe("Código de resgate inválido");
    const { code: codeB } = await play(B, wheelB, totemB);
    const notConnected = await send(B, wheelB, { device: totemB, code: codeB });
    expect(notConnected.status).toBe(400);
    expect(notConnected.body.code).toBe("WHATSAPP_NOT_CONNECTED");
  });
});
