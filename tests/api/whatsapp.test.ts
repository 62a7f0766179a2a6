// WhatsApp over HTTP with a local fake of Meta's Graph API (docs/api.md "WhatsApp (issue 27)"): the
// settings (secrets write-only), Meta's webhook (verify token, signature, repeats), the visitor's
// verification by message (the ninth digit included) and by code (tries, expiry), and the
// isolation between companies.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as verificationGet } from "@/app/api/public/[companySlug]/wheels/[wheel]/verification/[id]/route";
import { POST as confirmPost } from "@/app/api/public/[companySlug]/wheels/[wheel]/verification/[id]/confirm/route";
import { POST as verificationPost } from "@/app/api/public/[companySlug]/wheels/[wheel]/verification/route";
import { GET as settingsGet, PUT as settingsPut } from "@/app/api/integrations/whatsapp/route";
import { POST as testPost } from "@/app/api/integrations/whatsapp/test/route";
import { GET as hookGet, POST as hookPost } from "@/app/api/webhooks/whatsapp/[key]/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { GET as leadsGet } from "@/app/api/wheels/spins/all/route";
import { db } from "@/lib/db/client";
import { runOnce } from "@/lib/worker/worker";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { decryptSecret } from "@/lib/security/secrets";
import { campaignWheel, newPhone, updateWheel } from "../helpers/campaign";
import {
  inboundText,
  sign,
  statusUpdate,
  startWhatsappFake,
  WA_APP_SECRET,
  WA_BUSINESS_PHONE,
  WA_PHONE_NUMBER_ID,
  WA_TOKEN,
  type WhatsappFake,
} from "../helpers/fakes/whatsapp";
import { addMember, createCompany, type TestCompany } from "../helpers/fixtures";
import { call, randomIp } from "../helpers/http";

let fake: WhatsappFake;

/** Runs the outbox until nothing is due (the worker does this in the server). */
async function work(now = () => new Date()) {
  for (let i = 0; i < 20; i++) if (!(await runOnce({ limit: 50, now })).claimed) return;
}

beforeAll(async () => {
  fake = await startWhatsappFake();
  process.env.WHATSAPP_GRAPH_URL = fake.url;
});

afterAll(async () => {
  await fake.close();
  delete process.env.WHATSAPP_GRAPH_URL;
});

const settingsBody = (over: Record<string, unknown> = {}) => ({
  phone_number_id: WA_PHONE_NUMBER_ID,
  business_phone: WA_BUSINESS_PHONE,
  access_token: WA_TOKEN,
  app_secret: WA_APP_SECRET,
  verify_token: "verifica-token-123",
  enabled: true,
  prize_template: "premio_ganho",
  code_template: "codigo_verificacao",
  ...over,
});

async function connect(c: TestCompany, over: Record<string, unknown> = {}) {
  const res = await call(settingsPut, { token: c.owner.token, method: "PUT", body: settingsBody(over) });
  expect(res.status, res.text).toBe(200);
  return res.body as { webhook_url: string; verify_token: string };
}

const keyOf = (webhookUrl: string) => webhookUrl.split("/").pop() as string;

/** Meta's signed POST to the company's webhook. */
function deliver(key: string, body: unknown, signature?: string | null) {
  const raw = JSON.stringify(body);
  return call(hookPost as never, {
    method: "POST",
    params: { key },
    rawBody: raw,
    headers: signature === null ? {} : { "x-hub-signature-256": signature ?? sign(raw) },
  });
}

async function verifyingWheel(c: TestCompany) {
  const { wheel } = await campaignWheel(c, {}, [{ stock: 50 }]);
  const res = await updateWheel(c, wheel.id, { verify_contact: "whatsapp" });
  expect(res.status, res.text).toBe(200);
  expect(res.body.wheel.verify_contact).toBe("whatsapp");
  return wheel;
}

const start = (c: TestCompany, wheel: string, whatsapp: string, method = "message", ip = randomIp()) =>
  call(verificationPost, { params: { companySlug: c.slug, wheel }, body: { whatsapp, method }, ip });

const statusOf = (c: TestCompany, wheel: string, id: string) =>
  call(verificationGet, { params: { companySlug: c.slug, wheel, id } });

const confirm = (c: TestCompany, wheel: string, id: string, code: string) =>
  call(confirmPost, { params: { companySlug: c.slug, wheel, id }, body: { code } });

const nonceOf = (waLink: string) => /Código: ([A-Z0-9]{6})/.exec(decodeURIComponent(waLink))?.[1] as string;

describe("WhatsApp settings", () => {
  it("saves encrypted, write-only secrets; GET shows configured + last 4 and the webhook URL", async () => {
    const c = await createCompany("Zap Config");
    const empty = await call(settingsGet, { token: c.owner.token });
    expect(empty.body).toMatchObject({ configured: false, connected: false, webhook_url: null });
    // The first save needs both secrets.
    const missing = await call(settingsPut, {
      token: c.owner.token,
      method: "PUT",
      body: settingsBody({ access_token: "", app_secret: undefined }),
    });
    expect(missing.status).toBe(400);
    const saved = await connect(c);
    expect(saved.webhook_url).toMatch(/\/api\/webhooks\/whatsapp\/[\w-]{20,}$/);
    const got = await call(settingsGet, { token: c.owner.token });
    expect(got.body).toMatchObject({
      configured: true,
      connected: true,
      phone_number_id: WA_PHONE_NUMBER_ID,
      business_phone: WA_BUSINESS_PHONE,
      access_token: { configured: true, last4: WA_TOKEN.slice(-4) },
      app_secret: { configured: true, last4: WA_APP_SECRET.slice(-4) },
      verify_token: "verifica-token-123",
    });
    expect(got.text).not.toContain(WA_TOKEN);
    expect(got.text).not.toContain(WA_APP_SECRET);
    const prisma = await db();
    const row = await prisma.whatsappAccount.findUniqueOrThrow({ where: { companyId: c.companyId } });
    expect(row.accessToken).toMatch(/^v1\./);
    expect(decryptSecret(row.accessToken, `whatsapp:${c.companyId}:token`)).toBe(WA_TOKEN);
    // A save without secrets keeps them; the key of the webhook URL never changes.
    const again = await call(settingsPut, {
      token: c.owner.token,
      method: "PUT",
      body: settingsBody({ access_token: "", app_secret: "", business_phone: "(11) 5555-4444" }),
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.access_token.last4).toBe(WA_TOKEN.slice(-4));
    expect(again.body.webhook_url).toBe(saved.webhook_url);
    // The file's first test also loads every route module: slow on a busy machine.
  }, 90_000);

  it("refuses bad input with pt-BR messages, and members", async () => {
    const c = await createCompany("Zap Validação");
    const bad = await call(settingsPut, {
      token: c.owner.token,
      method: "PUT",
      body: settingsBody({ phone_number_id: "abc" }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("Phone number ID");
    const member = await addMember(c.companyId, "member");
    expect((await call(settingsGet, { token: member.token })).status).toBe(403);
    expect((await call(settingsPut, { token: member.token, method: "PUT", body: settingsBody() })).status).toBe(403);
    const admin = await addMember(c.companyId, "admin");
    expect((await call(settingsGet, { token: admin.token })).status).toBe(200);
  });

  it("sends a test through the Graph API and keeps Meta's refusal as the last error", async () => {
    const c = await createCompany("Zap Teste");
    await connect(c);
    const before = fake.sent.length;
    const ok = await call(testPost, { token: c.owner.token, body: { to: "(11) 98888-7777" } });
    expect(ok.status, ok.text).toBe(200);
    expect(fake.sent.length).toBe(before + 1);
    expect(fake.sent.at(-1)).toMatchObject({ to: "5511988887777", type: "template" });
    await connect(c, { access_token: "token-errado-1234" });
    const refused = await call(testPost, { token: c.owner.token, body: { to: "(11) 98888-7777" } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("WHATSAPP_SEND_FAILED");
    const got = await call(settingsGet, { token: c.owner.token });
    expect(got.body.last_error).toContain("Invalid OAuth");
    // Issue 38: in pt-BR first, Meta's own words after it.
    expect(got.body.last_error).toMatch(/^Token de acesso inválido ou expirado/);
    expect(refused.body.error).toContain("Token de acesso inválido ou expirado");
  });

  it("a wheel asks for verification only with WhatsApp connected", async () => {
    const c = await createCompany("Zap Roleta");
    const { wheel } = await campaignWheel(c, {}, [{ stock: 5 }]);
    const refused = await updateWheel(c, wheel.id, { verify_contact: "whatsapp" });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("Conecte o WhatsApp em Integrações antes de exigir a confirmação do número.");
    await connect(c);
    expect((await updateWheel(c, wheel.id, { verify_contact: "whatsapp" })).body.wheel.verify_contact).toBe("whatsapp");
  });
});

describe("Meta's webhook", () => {
  it("GET echoes hub.challenge for the verify token, else 403", async () => {
    const c = await createCompany("Zap Hook");
    const key = keyOf((await connect(c)).webhook_url);
    const url = (token: string) =>
      `/api/webhooks/whatsapp/${key}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`;
    const ok = await call(hookGet as never, { url: url("verifica-token-123"), params: { key } });
    expect(ok.status).toBe(200);
    expect(ok.text).toBe("1158201444");
    expect((await call(hookGet as never, { url: url("errado"), params: { key } })).status).toBe(403);
    expect(
      (await call(hookGet as never, { url: url("verifica-token-123"), params: { key: "nao-existe" } })).status,
    ).toBe(404);
  });

  it("POST needs the signature of the raw body with the app secret", async () => {
    const c = await createCompany("Zap Assinatura");
    const key = keyOf((await connect(c)).webhook_url);
    const body = inboundText("5511977776666", "Oi");
    expect((await deliver(key, body)).status).toBe(200);
    expect((await deliver(key, body, null)).status).toBe(401);
    expect((await deliver(key, body, sign(JSON.stringify(body), "outro-segredo"))).status).toBe(401);
    expect((await deliver(key, body, "sha256=abc")).status).toBe(401);
    // The signature covers the exact bytes: the same JSON spaced differently does not pass.
    const raw = JSON.stringify(body, null, 2);
    const tampered = await call(hookPost as never, {
      method: "POST",
      params: { key },
      rawBody: raw,
      headers: { "x-hub-signature-256": sign(JSON.stringify(body)) },
    });
    expect(tampered.status).toBe(401);
    const got = await call(settingsGet, { token: c.owner.token });
    expect(got.body.last_webhook_at).not.toBeNull();
  });
});

describe("verification by the visitor's message", () => {
  it("the inbound message with the nonce from that number verifies it, once; others do not", async () => {
    const c = await createCompany("Zap Mensagem");
    const key = keyOf((await connect(c)).webhook_url);
    const wheel = await verifyingWheel(c);
    const res = await start(c, wheel.slug, "(11) 97123-4567");
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ status: "pending" });
    expect(res.body.wa_link).toMatch(/^https:\/\/wa\.me\/5511955554444\?text=/);
    const nonce = nonceOf(res.body.wa_link);
    const id = res.body.verification_id;
    expect((await statusOf(c, wheel.slug, id)).body.status).toBe("pending");
    // The nonce from another number proves nothing.
    await deliver(key, inboundText("5511970000000", `Código: ${nonce}`));
    expect((await statusOf(c, wheel.slug, id)).body.status).toBe("pending");
    // From the number itself: verified; the same delivery repeated changes nothing.
    const msg = inboundText("5511971234567", decodeURIComponent(res.body.wa_link.split("text=")[1]));
    expect((await deliver(key, msg)).status).toBe(200);
    expect((await deliver(key, msg)).status).toBe(200);
    expect((await statusOf(c, wheel.slug, id)).body.status).toBe("verified");
    const prisma = await db();
    const events = await prisma.whatsappEvent.count({ where: { companyId: c.companyId } });
    expect(events).toBe(2);
  });

  it("a wa_id without the ninth digit matches the number typed with it", async () => {
    const c = await createCompany("Zap Nono Dígito");
    const key = keyOf((await connect(c)).webhook_url);
    const wheel = await verifyingWheel(c);
    const res = await start(c, wheel.slug, "(21) 98765-1234");
    await deliver(key, inboundText("552187651234", `Código: ${nonceOf(res.body.wa_link)}`));
    expect((await statusOf(c, wheel.slug, res.body.verification_id)).body.status).toBe("verified");
  });

  // Issue 37 #2: Meta's wa_id is an international number. Denmark's 45 91 23 45 67 is not DDD 45.
  it("a foreign wa_id never proves a Brazilian number; a real Brazilian one does, with or without the ninth digit", async () => {
    const c = await createCompany("Zap Estrangeiro");
    const key = keyOf((await connect(c)).webhook_url);
    const wheel = await verifyingWheel(c);
    // Denmark, Norway, Singapore, Thailand, Russia, Myanmar: 8 or 10 digits after a 2-digit code.
    const attacks = [
      ["(45) 99123-4567", "4591234567"],
      ["(47) 99123-4567", "4791234567"],
      ["(65) 99123-4567", "6591234567"],
      ["(66) 99123-4567", "6691234567"],
      ["(79) 99123-4567", "7991234567"],
      ["(95) 99123-4567", "9591234567"],
    ];
    for (const [typed, waId] of attacks) {
      const res = await start(c, wheel.slug, typed);
      expect(res.status, res.text).toBe(201);
      await deliver(key, inboundText(waId, `Código: ${nonceOf(res.body.wa_link)}`));
      expect((await statusOf(c, wheel.slug, res.body.verification_id)).body.status, `${typed} by ${waId}`).toBe(
        "pending",
      );
    }
    for (const waId of ["5545991234567", "554591234567"]) {
      const res = await start(c, wheel.slug, "(45) 99123-4567");
      await deliver(key, inboundText(waId, `Código: ${nonceOf(res.body.wa_link)}`));
      expect((await statusOf(c, wheel.slug, res.body.verification_id)).body.status, waId).toBe("verified");
    }
  });

  it("another company's webhook cannot verify this company's row, nor read it", async () => {
    const a = await createCompany("Zap A");
    const b = await createCompany("Zap B");
    await connect(a);
    const keyB = keyOf((await connect(b)).webhook_url);
    const wheelA = await verifyingWheel(a);
    const wheelB = await verifyingWheel(b);
    const res = await start(a, wheelA.slug, "(31) 99876-5432");
    await deliver(keyB, inboundText("5531998765432", `Código: ${nonceOf(res.body.wa_link)}`));
    expect((await statusOf(a, wheelA.slug, res.body.verification_id)).body.status).toBe("pending");
    expect((await statusOf(b, wheelB.slug, res.body.verification_id)).status).toBe(404);
  });

  it("a wheel without verify_contact refuses to start one", async () => {
    const c = await createCompany("Zap Sem");
    await connect(c);
    const { wheel } = await campaignWheel(c, {}, [{ stock: 5 }]);
    const res = await start(c, wheel.slug, newPhone());
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VERIFICATION_OFF");
  });
});

describe("verification by code", () => {
  const sentCode = async (to: string) => {
    await work();
    expect(fake.sent.filter((m) => m.to === to).length).toBeGreaterThan(0);
    const msg = fake.sent.filter((m) => m.to === to).at(-1);
    expect(msg?.template?.name).toBe("codigo_verificacao");
    return msg?.template?.components[0].parameters?.[0].text as string;
  };

  it("sends a 6-digit code by the authentication template; the right code verifies", async () => {
    const c = await createCompany("Zap Código");
    await connect(c);
    const wheel = await verifyingWheel(c);
    const res = await start(c, wheel.slug, "(41) 99111-2222", "code");
    expect(res.status, res.text).toBe(201);
    expect(res.body.wa_link).toBeUndefined();
    const code = await sentCode("5541991112222");
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await confirm(c, wheel.slug, res.body.verification_id, code === "000000" ? "111111" : "000000");
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "CODE_INVALID", details: { tries_left: 4 } });
    const ok = await confirm(c, wheel.slug, res.body.verification_id, code);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.status).toBe("verified");
  });

  it("five wrong tries end it; so do 10 minutes", async () => {
    const c = await createCompany("Zap Tentativas");
    await connect(c);
    const wheel = await verifyingWheel(c);
    const res = await start(c, wheel.slug, "(41) 99333-4444", "code");
    const code = await sentCode("5541993334444");
    const wrong = code === "123456" ? "654321" : "123456";
    for (let i = 0; i < 4; i++)
      expect((await confirm(c, wheel.slug, res.body.verification_id, wrong)).status).toBe(400);
    expect((await confirm(c, wheel.slug, res.body.verification_id, wrong)).status).toBe(410);
    expect((await confirm(c, wheel.slug, res.body.verification_id, code)).status).toBe(410);
    expect((await statusOf(c, wheel.slug, res.body.verification_id)).body.status).toBe("expired");

    const late = await start(c, wheel.slug, "(41) 99555-6666", "code");
    const lateCode = await sentCode("5541995556666");
    const prisma = await db();
    await prisma.whatsappVerification.update({
      where: { id: late.body.verification_id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await statusOf(c, wheel.slug, late.body.verification_id)).body.status).toBe("expired");
    expect((await confirm(c, wheel.slug, late.body.verification_id, lateCode)).status).toBe(410);
  });

  // Issue 37 #6: codes are paid templates. Starts for a person's number must not lock the person out.
  it("limits codes per number and address; an attacker's starts do not lock the person out", async () => {
    const c = await createCompany("Zap Limite");
    await connect(c);
    const wheel = await verifyingWheel(c);
    const attacker = randomIp();
    const byAttacker: number[] = [];
    for (let i = 0; i < 6; i++)
      byAttacker.push((await start(c, wheel.slug, "(51) 99777-8888", "code", attacker)).status);
    expect(byAttacker).toEqual([201, 201, 201, 201, 201, 429]);
    // Starts by message cost the shop nothing and are limited per address only.
    for (let i = 0; i < 6; i++)
      expect((await start(c, wheel.slug, "(51) 99777-8888", "message", randomIp())).status).toBe(201);
    // The person, from their own address: both ways still open.
    expect((await start(c, wheel.slug, "(51) 99777-8888", "message")).status).toBe(201);
    expect((await start(c, wheel.slug, "(51) 99777-8888", "code")).status).toBe(201);
  });

  it("sends codes only to +55 unless the company allows other countries", async () => {
    const c = await createCompany("Zap Exterior");
    await connect(c);
    const wheel = await verifyingWheel(c);
    // A Brazilian-only wheel (the default) takes no other country's number at all.
    const brazilOnly = await start(c, wheel.slug, "+44 7911 123456", "message");
    expect(brazilOnly.status).toBe(400);
    expect((await updateWheel(c, wheel.id, { foreign_numbers: true })).status).toBe(200);
    const uk = await start(c, wheel.slug, "+44 7911 123456", "code");
    expect(uk.status).toBe(400);
    expect(uk.body.details.fields.whatsapp).toBe(
      "O código só é enviado para números do Brasil (+55). Confirme enviando a mensagem pelo WhatsApp.",
    );
    // The visitor's own message costs nothing: allowed.
    expect((await start(c, wheel.slug, "+44 7911 123456", "message")).status).toBe(201);
    await work();
    expect(fake.sent.filter((m) => m.to === "447911123456")).toHaveLength(0);
    await connect(c, { codes_abroad: true });
    expect((await call(settingsGet, { token: c.owner.token })).body.codes_abroad).toBe(true);
    expect((await start(c, wheel.slug, "+44 7911 123456", "code")).status).toBe(201);
    await work();
    expect(fake.sent.filter((m) => m.to === "447911123456")).toHaveLength(1);
  });

  it("caps codes per company per day: 429 VERIFY_CAP, messages still go", async () => {
    const c = await createCompany("Zap Teto");
    await connect(c);
    const got = await call(settingsGet, { token: c.owner.token });
    expect(got.body.daily_code_cap).toBe(200);
    await connect(c, { daily_code_cap: 3 });
    const wheel = await verifyingWheel(c);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await start(c, wheel.slug, newPhone(), "code")).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const capped = await start(c, wheel.slug, newPhone(), "code");
    expect(capped.status).toBe(429);
    expect(capped.body.code).toBe("VERIFY_CAP");
    expect(Number(capped.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await start(c, wheel.slug, newPhone(), "message")).status).toBe(201);
    // Another company's cap is its own.
    const other = await createCompany("Zap Teto B");
    await connect(other);
    const otherWheel = await verifyingWheel(other);
    expect((await start(other, otherWheel.slug, newPhone(), "code")).status).toBe(201);
  });
});

describe("the spin on a wheel that asks for proof, and the prize in the chat", () => {
  const spin = (c: TestCompany, wheel: string, whatsapp: string, verificationId?: string) =>
    call(spinRoute, {
      params: { companySlug: c.slug, wheel },
      body: { name: "Maria Zap", whatsapp, consent: true, verification_id: verificationId },
    });

  async function verified(c: TestCompany, key: string, wheel: string, typed: string, waId: string) {
    const res = await start(c, wheel, typed);
    await deliver(key, inboundText(waId, `Código: ${nonceOf(res.body.wa_link)}`));
    return res.body.verification_id as string;
  }

  it("refuses a spin without a verified verification of this number (403), allows it with one", async () => {
    const c = await createCompany("Zap Giro");
    const key = keyOf((await connect(c)).webhook_url);
    const wheel = await verifyingWheel(c);
    const without = await spin(c, wheel.slug, "(11) 96000-0001");
    expect(without.status).toBe(403);
    expect(without.body.code).toBe("CONTACT_NOT_VERIFIED");
    // Pending (not yet verified) is refused too.
    const pending = await start(c, wheel.slug, "(11) 96000-0001");
    expect((await spin(c, wheel.slug, "(11) 96000-0001", pending.body.verification_id)).status).toBe(403);
    // Another number's verified proof does not open this one.
    const other = await verified(c, key, wheel.slug, "(11) 96000-0002", "5511960000002");
    expect((await spin(c, wheel.slug, "(11) 96000-0001", other)).status).toBe(403);
    // Another company's verified proof neither.
    const b = await createCompany("Zap Giro B");
    const keyB = keyOf((await connect(b)).webhook_url);
    const wheelB = await verifyingWheel(b);
    const foreign = await verified(b, keyB, wheelB.slug, "(11) 96000-0001", "5511960000001");
    expect((await spin(c, wheel.slug, "(11) 96000-0001", foreign)).status).toBe(403);
    // Its own, proven from the wa_id without the ninth digit: the spin goes through.
    const own = await verified(c, key, wheel.slug, "(11) 96000-0001", "551160000001");
    const ok = await spin(c, wheel.slug, "(11) 96000-0001", own);
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.result).toBe("won");
  });

  it("a verified win sends the prize in the chat through the outbox; statuses move it forward, once", async () => {
    const c = await createCompany("Zap Prêmio");
    const key = keyOf((await connect(c)).webhook_url);
    const wheel = await verifyingWheel(c);
    const id = await verified(c, key, wheel.slug, "(21) 97000-1111", "5521970001111");
    await work(); // the earlier tests' jobs, so the failure below is this one's
    const res = await spin(c, wheel.slug, "(21) 97000-1111", id);
    expect(res.status, res.text).toBe(201);
    const prisma = await db();
    const row = await prisma.spin.findFirstOrThrow({ where: { companyId: c.companyId } });
    expect(row).toMatchObject({ whatsappVerified: true, messageStatus: "queued" });
    // The answer did not wait for Meta: nothing sent until the worker runs.
    expect(fake.sent.filter((m) => m.to === "5521970001111")).toHaveLength(0);
    // Meta fails once: the job is retried after its backoff.
    fake.failNext(1);
    await work();
    expect(fake.sent.filter((m) => m.to === "5521970001111")).toHaveLength(0);
    const later = new Date(Date.now() + 10 * 60_000);
    await work(() => later);
    const sent = fake.sent.filter((m) => m.to === "5521970001111");
    expect(sent).toHaveLength(1);
    expect(sent[0].type).toBe("text");
    expect(sent[0].text?.body).toContain(res.body.prize.name);
    expect(sent[0].text?.body).toContain(res.body.redemption_code);
    expect(sent[0].text?.body).toContain(res.body.claim_url);
    // Another run sends nothing more.
    await work(() => new Date(Date.now() + 60 * 60_000));
    expect(fake.sent.filter((m) => m.to === "5521970001111")).toHaveLength(1);
    // A prize job of another (connected) company naming this spin finds nothing: the prize's one
    // read names the job's company on every table (lib/whatsapp/send.ts).
    const other = await createCompany("Zap Outra");
    await connect(other);
    await prisma.spin.updateMany({ where: { id: row.id }, data: { messageId: null } });
    const foreignJob = await enqueueJob(prisma, {
      companyId: other.companyId,
      kind: "whatsapp.prize",
      payload: { spin_id: row.id },
    });
    await work(() => new Date(Date.now() + 60 * 60_000));
    expect(fake.sent.filter((m) => m.to === "5521970001111")).toHaveLength(1);
    expect((await prisma.spin.findUniqueOrThrow({ where: { id: row.id } })).messageId).toBeNull();
    expect((await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: foreignJob! } })).status).toBe("done");
    await prisma.spin.updateMany({ where: { id: row.id }, data: { messageId: sent[0].id } });

    const lead = () => prisma.spin.findFirstOrThrow({ where: { companyId: c.companyId } });
    expect((await lead()).messageId).toBe(sent[0].id);
    await deliver(key, statusUpdate(sent[0].id, "delivered", "5521970001111"));
    await deliver(key, statusUpdate(sent[0].id, "sent", "5521970001111")); // late: ignored
    expect((await lead()).messageStatus).toBe("delivered");
    await deliver(key, statusUpdate(sent[0].id, "read", "5521970001111"));
    await deliver(key, statusUpdate(sent[0].id, "read", "5521970001111"));
    expect((await lead()).messageStatus).toBe("read");
    const leads = await call(leadsGet, { token: c.owner.token });
    expect(leads.body.spins[0]).toMatchObject({ whatsapp_verified: true, message_status: "read" });
  });

  it("outside the 24-hour window the prize goes as the utility template", async () => {
    const c = await createCompany("Zap Modelo");
    const key = keyOf((await connect(c)).webhook_url);
    const wheel = await verifyingWheel(c);
    const id = await verified(c, key, wheel.slug, "(31) 97000-2222", "5531970002222");
    const prisma = await db();
    await prisma.whatsappWindow.updateMany({
      where: { companyId: c.companyId },
      data: { lastInboundAt: new Date(Date.now() - 25 * 3600_000) },
    });
    expect((await spin(c, wheel.slug, "(31) 97000-2222", id)).status).toBe(201);
    await work();
    const sent = fake.sent.filter((m) => m.to === "5531970002222");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: "template", template: { name: "premio_ganho" } });
    expect(sent[0].template?.components[0].parameters?.map((p) => p.text)[0]).toBe("Maria");
  });

  it("without WhatsApp connected, nothing is asked and nothing is sent", async () => {
    const c = await createCompany("Zap Nenhum");
    const { wheel } = await campaignWheel(c, {}, [{ stock: 5 }]);
    const res = await spin(c, wheel.slug, "(41) 97000-3333");
    expect(res.status).toBe(201);
    const prisma = await db();
    const row = await prisma.spin.findFirstOrThrow({ where: { companyId: c.companyId } });
    expect(row).toMatchObject({ whatsappVerified: false, messageStatus: null });
  });
});
