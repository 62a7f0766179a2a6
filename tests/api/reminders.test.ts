// The prize by e-mail and reminders before a prize expires (docs/api.md "The prize by e-mail",
// "Reminders before the prize expires"). Mail goes to a real SMTP server (smtp-server) started here
// and is read as it arrived; WhatsApp goes to the local fake of Meta's Graph API. The clock is the
// test's: spins are drawn at a chosen instant (lib/spins/spin.ts takes `now`) and the worker runs
// at chosen instants (runOnce's `now`), so a reminder days ahead is sent without waiting.
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as optOutRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/prizes/[code]/reminders/route";
import { POST as redeemRoute } from "@/app/api/spins/redeem/route";
import { POST as unredeemRoute } from "@/app/api/spins/unredeem/route";
import { POST as lgpdEraseRoute } from "@/app/api/lgpd/erase/route";
import { GET as lgpdExportRoute } from "@/app/api/lgpd/export/route";
import { GET as exportRoute } from "@/app/api/wheels/spins/export/route";
import { GET as leadsGet } from "@/app/api/wheels/spins/all/route";
import { PUT as whatsappPut } from "@/app/api/integrations/whatsapp/route";
import { GET as usageGet } from "@/app/api/integrations/whatsapp/usage/route";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { optOutView } from "@/lib/reminders/opt-out";
import { spin } from "@/lib/spins/spin";
import { spMonth } from "@/lib/whatsapp/paid";
import { runOnce } from "@/lib/worker/worker";
import { campaignWheel, newPhone, updateWheel } from "../helpers/campaign";
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

let smtp: SMTPServer;
const inbox: ParsedMail[] = [];
let fake: WhatsappFake;
let A: TestCompany;
let B: TestCompany;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => inbox.push(mail))
        .then(() => done(), done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.MAIL_FROM = "Roleta Premiada <premios@roleta.test>";
  resetEnvCache();
  fake = await startWhatsappFake();
  process.env.WHATSAPP_GRAPH_URL = fake.url;
  [A, B] = await Promise.all([createCompany("Lembretes A"), createCompany("Lembretes B")]);
  // Reminders by WhatsApp need it connected (B connects in its own test, with its template).
  await connectWhatsapp(A);
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(resolve));
  await fake.close();
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  delete process.env.WHATSAPP_GRAPH_URL;
  resetEnvCache();
});

/** Runs the outbox at `at` until nothing is due then. */
async function workAt(at: Date) {
  for (let i = 0; i < 20; i++) if (!(await runOnce({ limit: 50, now: () => at })).claimed) return;
}

const mailsTo = (to: string) => inbox.filter((m) => m.to && !Array.isArray(m.to) && m.to.text.includes(to));

/** A wheel whose every spin wins, asking for the e-mail. */
async function winningWheel(c: TestCompany, settings: Record<string, unknown> = {}) {
  const { wheel } = await campaignWheel(c, { redeem_within_days: 10 }, [{ name: "Pizza grande", stock: 1000 }]);
  const res = await updateWheel(c, wheel.id, { fields: { email: "optional", cpf: "off" }, ...settings });
  expect(res.status, res.text).toBe(200);
  return res.body.wheel as { id: string; slug: string };
}

let visitorNo = 0;
/** A visitor's spin at `now` (the spin's own clock), with an e-mail unless null. */
async function spinAt(
  c: TestCompany,
  wheel: { slug: string },
  now: Date,
  email: string | null = null,
  name = "Maria Souza",
) {
  const mail = email === null ? undefined : email || `ganhador${++visitorNo}@cliente.test`;
  const made = await spin(
    c.slug,
    wheel.slug,
    { name, whatsapp: newPhone(), consent: true, ...(mail && { email: mail }) } as never,
    randomIp(),
    null,
    now,
  );
  expect(made.answer.result).toBe("won");
  const code = made.answer.redemption_code!;
  const row = await (await db()).spin.findFirstOrThrow({ where: { companyId: c.companyId, redemptionCode: code } });
  return { code, spinId: row.id, email: mail ?? null, redeemUntil: row.redeemUntil!, whatsapp: row.whatsapp };
}

/** The spin's number as proven by a verification (the flow itself is tests/api/whatsapp.test.ts's). */
const markVerified = async (spinId: string) =>
  (await db()).spin.update({ where: { id: spinId }, data: { whatsappVerified: true } });

/** The company's WhatsApp connected to the fake, with the settings given. */
async function connectWhatsapp(c: TestCompany, extra: Record<string, unknown> = {}) {
  const saved = await call(whatsappPut, {
    token: c.owner.token,
    method: "PUT",
    body: {
      phone_number_id: WA_PHONE_NUMBER_ID,
      business_phone: WA_BUSINESS_PHONE,
      access_token: WA_TOKEN,
      app_secret: WA_APP_SECRET,
      enabled: true,
      ...extra,
    },
  });
  expect(saved.status, saved.text).toBe(200);
  return saved.body;
}

const WHATSAPP_ONLY = { enabled: true, days_before: [2], channels: ["whatsapp"] };
/** The reminders' day of SPIN_AT's prizes with days_before 2, at 10:00 São Paulo. */
const REMINDER_DAY = new Date("2026-12-08T13:00:00Z");

async function remindersOf(spinId: string) {
  const rows = await (
    await db()
  ).webhookDelivery.findMany({ where: { spinId, kind: "reminder.send" }, orderBy: { nextAttemptAt: "asc" } });
  return rows.map((r) => {
    const p = r.payload as { at: string; channel: string; days_before: number };
    return { at: p.at, channel: p.channel, days: p.days_before, status: r.status, next: r.nextAttemptAt };
  });
}

// Sunday 2026-12-01 12:00 in São Paulo: with 10 days the prize is valid until 2026-12-10.
const SPIN_AT = new Date("2026-12-01T15:00:00Z");
const REMINDERS = { enabled: true, days_before: [2, 5], channels: ["email", "whatsapp"] };

describe("the prize by e-mail", () => {
  it("reaches the winner through SMTP: prize, code, validity, claim link and 'Usar meu cupom'", async () => {
    const wheel = await winningWheel(A, { coupon_url: "https://loja.exemplo.com.br/cupom/{code}" });
    const won = await spinAt(A, wheel, new Date(), "");
    expect(mailsTo(won.email!)).toHaveLength(0); // queued, not sent by the spin
    await workAt(new Date());
    const [mail] = mailsTo(won.email!);
    expect(mail, "the prize e-mail arrived").toBeTruthy();
    expect(mail.subject).toBe("Seu prêmio: Pizza grande — Lembretes A");
    expect(mail.from?.text).toContain("premios@roleta.test");
    expect(mail.text).toContain("Parabéns, Maria! Você ganhou");
    expect(mail.text).toContain(`Código de resgate: ${won.code}`);
    expect(mail.text).toMatch(/Válido até \d{2}\/\d{2}\/\d{4}\./);
    const claim = `/w/${A.slug}/${wheel.slug}/premio/${won.code}`;
    expect(mail.text).toContain(claim);
    expect(mail.text).toContain(`Usar meu cupom: https://loja.exemplo.com.br/cupom/${won.code}`);
    expect(mail.html).toContain("Usar meu cupom");
    expect(mail.html).toContain(`href="https://loja.exemplo.com.br/cupom/${won.code}"`);
    expect(mail.html).toContain(won.code);
    expect(mail.html).toContain('lang="pt-BR"');
    // Sent once: the job is done, another pass sends nothing.
    await workAt(new Date());
    expect(mailsTo(won.email!)).toHaveLength(1);
  });

  it("has no coupon button without a coupon_url, and a visitor without e-mail gets none", async () => {
    const wheel = await winningWheel(A);
    const won = await spinAt(A, wheel, new Date(), "");
    const silent = await spinAt(A, wheel, new Date(), null);
    await workAt(new Date());
    const [mail] = mailsTo(won.email!);
    expect(mail.html).not.toContain("Usar meu cupom");
    expect(mail.text).not.toContain("Usar meu cupom");
    const jobs = await (await db()).webhookDelivery.count({ where: { spinId: silent.spinId, kind: "mail.prize" } });
    expect(jobs).toBe(0);
  });
});

describe("prize e-mails to one address", () => {
  it("at most 3 a day per company, whatever the spelling; the spins still win; another company sends its own", async () => {
    const [one, two] = [await winningWheel(A), await winningWheel(A)];
    const spellings = ["Cota.Diaria@Cliente.test", "cota.diaria+1@cliente.test", "COTA.DIARIA@cliente.test"];
    const won = [];
    for (const [i, email] of [...spellings, "cota.diaria+2@cliente.test"].entries())
      won.push(await spinAt(A, i % 2 ? two : one, new Date(), email));
    const theirs = await spinAt(B, await winningWheel(B), new Date(), "cota.diaria@cliente.test");
    await workAt(new Date());
    const sent = inbox.filter((m) => /cota\.diaria/i.test(m.to && !Array.isArray(m.to) ? m.to.text : ""));
    expect(sent.map((m) => m.subject).sort()).toEqual([
      ...Array(3).fill("Seu prêmio: Pizza grande — Lembretes A"),
      "Seu prêmio: Pizza grande — Lembretes B",
    ]);
    const jobs = await (
      await db()
    ).webhookDelivery.findMany({
      where: { spinId: { in: [...won, theirs].map((w) => w.spinId) }, kind: "mail.prize" },
    });
    // The worker runs them side by side: which one is left out is not fixed, how many is.
    const statuses = jobs.filter((j) => j.companyId === A.companyId).map((j) => j.status);
    expect(statuses.sort()).toEqual(["cancelled", "done", "done", "done"]);
    expect(jobs.find((j) => j.spinId === theirs.spinId)?.status).toBe("done");
  });
});

describe("a wheel's reminders", () => {
  it("are off by default and validated", async () => {
    const { wheel } = await campaignWheel(A, {}, [{ stock: 5 }]);
    const got = await updateWheel(A, wheel.id, {});
    expect(got.body.wheel.reminders).toEqual({ enabled: false, days_before: [], channels: [] });
    for (const reminders of [
      { enabled: true, days_before: [31], channels: ["email"] },
      { enabled: true, days_before: [0], channels: ["email"] },
      { enabled: true, days_before: [1, 2, 3, 4], channels: ["email"] },
      { enabled: true, days_before: [1], channels: ["sms"] },
      { enabled: true, days_before: [1], channels: [] },
      { enabled: true, days_before: [], channels: ["email"] },
    ]) {
      const res = await updateWheel(A, wheel.id, { reminders });
      expect(res.status, JSON.stringify(reminders)).toBe(400);
      expect(res.body.error).toMatch(/lembrete|canal|dia/i);
    }
    const ok = await updateWheel(A, wheel.id, {
      reminders: { enabled: true, days_before: [1, 7, 1], channels: ["email"] },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.wheel.reminders).toEqual({ enabled: true, days_before: [7, 1], channels: ["email"] });
  });

  it("are scheduled at the spin, at 10:00 São Paulo on each chosen day before the validity ends", async () => {
    const C = await createCompany("Lembretes Agenda");
    await connectWhatsapp(C);
    const wheel = await winningWheel(C, { reminders: REMINDERS });
    const won = await spinAt(C, wheel, SPIN_AT, "");
    expect(won.redeemUntil.toISOString()).toBe("2026-12-11T02:59:59.999Z"); // 10/12 23:59:59.999 in São Paulo
    expect(await remindersOf(won.spinId)).toEqual([
      expect.objectContaining({ at: "2026-12-05T13:00:00.000Z", days: 5, status: "pending" }),
      expect.objectContaining({ at: "2026-12-05T13:00:00.000Z", days: 5, status: "pending" }),
      expect.objectContaining({ at: "2026-12-08T13:00:00.000Z", days: 2, status: "pending" }),
      expect.objectContaining({ at: "2026-12-08T13:00:00.000Z", days: 2, status: "pending" }),
    ]);
    const due = (await remindersOf(won.spinId)).map((r) => r.next!.toISOString());
    expect(due).toEqual([
      "2026-12-05T13:00:00.000Z",
      "2026-12-05T13:00:00.000Z",
      "2026-12-08T13:00:00.000Z",
      "2026-12-08T13:00:00.000Z",
    ]);
    // No e-mail given: WhatsApp only. A day already past at the spin: none for it.
    const noMail = await spinAt(C, wheel, SPIN_AT, null);
    expect((await remindersOf(noMail.spinId)).map((r) => r.channel)).toEqual(["whatsapp", "whatsapp"]);
    const late = await spinAt(C, wheel, new Date("2026-12-04T15:00:00Z"), "");
    const lateOnes = await remindersOf(late.spinId);
    expect(lateOnes.map((r) => [r.at, r.days])).toEqual(
      expect.arrayContaining([
        ["2026-12-11T13:00:00.000Z", 2],
        ["2026-12-08T13:00:00.000Z", 5],
      ]),
    );
  });

  it("show on the lead, and the e-mail one goes at its time, not before", async () => {
    const wheel = await winningWheel(A, { reminders: { enabled: true, days_before: [2], channels: ["email"] } });
    const won = await spinAt(A, wheel, SPIN_AT, "");
    await workAt(SPIN_AT); // the prize e-mail
    expect(mailsTo(won.email!)).toHaveLength(1);
    const leads = await call(leadsGet, { token: A.owner.token, url: `/api/wheels/spins/all?wheel_id=${wheel.id}` });
    expect(leads.status, leads.text).toBe(200);
    const lead = (leads.body.spins as { redemption_code: string; reminders: unknown[] }[]).find(
      (s) => s.redemption_code === won.code,
    );
    expect(lead?.reminders).toEqual([{ at: "2026-12-08T13:00:00.000Z", channel: "email", status: "scheduled" }]);

    await workAt(new Date("2026-12-08T12:59:00Z"));
    expect(mailsTo(won.email!)).toHaveLength(1);
    await workAt(new Date("2026-12-08T13:00:00Z"));
    const mails = mailsTo(won.email!);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe("Seu prêmio vence em 2 dias: Pizza grande — Lembretes A");
    expect(mails[1].text).toContain(`Código de resgate: ${won.code}`);
    expect(mails[1].text).toContain(`/w/${A.slug}/${wheel.slug}/premio/${won.code}/lembretes`);
    expect((await remindersOf(won.spinId))[0].status).toBe("done");

    // The leads CSV and the person's LGPD export say it too (São Paulo time in the CSV).
    const csv = await call(exportRoute, { token: A.owner.token, url: `/api/wheels/spins/export?wheel_id=${wheel.id}` });
    expect(csv.status).toBe(200);
    const [header, line] = csv.text.slice(1).split("\r\n");
    expect(header.endsWith(";Moeda;Lembretes")).toBe(true);
    expect(line.endsWith(";E-mail em 08/12/2026, 10:00 (enviado)")).toBe(true);
    const row = await (await db()).spin.findUniqueOrThrow({ where: { id: won.spinId } });
    const exp = await call(lgpdExportRoute, { token: A.owner.token, url: `/api/lgpd/export?whatsapp=${row.whatsapp}` });
    expect(exp.status, exp.text).toBe(200);
    expect(exp.body.records.find((r: { redemption_code: string }) => r.redemption_code === won.code).reminders).toEqual(
      [{ at: "2026-12-08T13:00:00.000Z", channel: "email", status: "sent" }],
    );
  });

  it("are cancelled when the prize is redeemed between scheduling and sending", async () => {
    const wheel = await winningWheel(A, { reminders: REMINDERS });
    const won = await spinAt(A, wheel, SPIN_AT, "");
    await workAt(SPIN_AT);
    const before = fake.sent.length;
    const redeemed = await call(redeemRoute, { token: A.owner.token, body: { redemption_code: won.code } });
    expect(redeemed.status, redeemed.text).toBe(200);
    expect((await remindersOf(won.spinId)).map((r) => r.status)).toEqual(Array(4).fill("cancelled"));
    await workAt(new Date("2026-12-09T13:00:00Z"));
    expect(mailsTo(won.email!)).toHaveLength(1); // the prize e-mail only
    expect(fake.sent.length).toBe(before);
  });

  it("are not sent for a prize redeemed after its reminder was queued (re-checked at send time)", async () => {
    const wheel = await winningWheel(A, { reminders: { enabled: true, days_before: [2], channels: ["email"] } });
    const won = await spinAt(A, wheel, SPIN_AT, "");
    await workAt(SPIN_AT);
    // The hand-over's row change without the cancellation (another path, or one racing the claim).
    await (await db()).spin.update({ where: { id: won.spinId }, data: { redeemedAt: new Date() } });
    await workAt(new Date("2026-12-08T13:00:00Z"));
    expect(mailsTo(won.email!)).toHaveLength(1);
    expect((await remindersOf(won.spinId))[0].status).toBe("cancelled");
  });

  it("come back when a hand-over is undone, for the days still ahead", async () => {
    const wheel = await winningWheel(A, { reminders: { enabled: true, days_before: [2], channels: ["email"] } });
    const won = await spinAt(A, wheel, SPIN_AT, "");
    expect((await call(redeemRoute, { token: A.owner.token, body: { redemption_code: won.code } })).status).toBe(200);
    expect((await remindersOf(won.spinId))[0].status).toBe("cancelled");
    const undone = await call(unredeemRoute, { token: A.owner.token, body: { redemption_code: won.code } });
    expect(undone.status, undone.text).toBe(200);
    const [r] = await remindersOf(won.spinId);
    expect(r.status).toBe("pending");
    expect(r.next!.toISOString()).toBe("2026-12-08T13:00:00.000Z");
  });

  it("stop for a visitor who opted out on the page, without signing in", async () => {
    const wheel = await winningWheel(A, { reminders: REMINDERS });
    const won = await spinAt(A, wheel, SPIN_AT, "");
    await workAt(SPIN_AT);
    const before = fake.sent.length;
    const view = await optOutView(A.slug, wheel.slug, won.code.toLowerCase());
    expect(view).toMatchObject({ first_name: "Maria", prize: "Pizza grande", stopped: false, over: false });
    // Another company's slug with this code: not found.
    const wrong = await call(optOutRoute, {
      method: "DELETE",
      params: { companySlug: B.slug, wheel: wheel.slug, code: won.code },
      ip: randomIp(),
    });
    expect(wrong.status).toBe(404);
    const res = await call(optOutRoute, {
      method: "DELETE",
      params: { companySlug: A.slug, wheel: wheel.slug, code: won.code },
      ip: randomIp(),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ cancelled: 4 });
    expect((await optOutView(A.slug, wheel.slug, won.code))?.stopped).toBe(true);
    expect((await remindersOf(won.spinId)).map((r) => r.status)).toEqual(Array(4).fill("cancelled"));
    // Even a reminder that escaped the cancellation sends nothing.
    await (
      await db()
    ).webhookDelivery.updateMany({ where: { spinId: won.spinId, kind: "reminder.send" }, data: { status: "pending" } });
    await workAt(new Date("2026-12-09T13:00:00Z"));
    expect(mailsTo(won.email!)).toHaveLength(1);
    expect(fake.sent.length).toBe(before);
  });

  it("send nothing to an erased person", async () => {
    const wheel = await winningWheel(A, { reminders: REMINDERS });
    const phone = newPhone();
    const made = await spin(
      A.slug,
      wheel.slug,
      { name: "Apagar Depois", whatsapp: phone, consent: true, email: "apagar@cliente.test" } as never,
      randomIp(),
      null,
      SPIN_AT,
    );
    const code = made.answer.redemption_code!;
    const row = await (await db()).spin.findFirstOrThrow({ where: { companyId: A.companyId, redemptionCode: code } });
    const erased = await call(lgpdEraseRoute, { token: A.owner.token, body: { whatsapp: phone } });
    expect(erased.status, erased.text).toBe(200);
    const before = fake.sent.length;
    await workAt(new Date("2026-12-09T13:00:00Z"));
    expect(mailsTo("apagar@cliente.test")).toHaveLength(0);
    expect(fake.sent.length).toBe(before);
    const statuses = await (
      await db()
    ).webhookDelivery.findMany({ where: { spinId: row.id }, select: { status: true } });
    expect(statuses.every((s) => s.status === "cancelled")).toBe(true);
  });

  it("go by WhatsApp: the reminder template outside the 24-hour window, counted as paid", async () => {
    const saved = await connectWhatsapp(B, { reminder_template: "lembrete_premio" });
    expect(saved.reminder_template).toBe("lembrete_premio");
    const wheel = await winningWheel(B, { reminders: WHATSAPP_ONLY });
    const won = await spinAt(B, wheel, SPIN_AT, null);
    await markVerified(won.spinId);
    const usageBefore = (await call(usageGet, { token: B.owner.token })).body.paid_messages as number;
    await workAt(REMINDER_DAY);
    const sent = fake.sent.filter((m) => m.template?.name === "lembrete_premio");
    expect(sent).toHaveLength(1);
    const values = sent[0].template!.components[0].parameters!.map((p) => p.text);
    expect(values).toEqual([
      "Maria",
      "Pizza grande",
      won.code,
      "10/12/2026",
      expect.stringContaining(`/premio/${won.code}`),
    ]);
    expect((await remindersOf(won.spinId))[0].status).toBe("done");
    // Counted in the São Paulo month the message went (the sender's clock, not the test's).
    const month = await (await db()).whatsappPaidMonth.findFirst({ where: { companyId: B.companyId } });
    expect(month).toMatchObject({ count: 1, month: spMonth(new Date()) });
    const usage = await call(usageGet, { token: B.owner.token });
    expect(usage.status, usage.text).toBe(200);
    expect(usage.body).toMatchObject({ price_brl: 0.04, paid_messages: usageBefore + 1 });
    // Another company's count is its own.
    expect((await call(usageGet, { token: A.owner.token })).body.paid_messages).toBe(0);
  });

  it("by WhatsApp go only to a verified number, with the visitor's name cut to a harmless first word", async () => {
    const wheel = await winningWheel(B, { reminders: WHATSAPP_ONLY });
    const unverified = await spinAt(B, wheel, SPIN_AT, null);
    const scam = "Seu-PIX-de-R$500-esta-em-golpe.example/pix Souza";
    const verified = await spinAt(B, wheel, SPIN_AT, null, scam);
    await markVerified(verified.spinId);
    const before = fake.sent.length;
    await workAt(REMINDER_DAY);
    const sent = fake.sent.slice(before).filter((m) => m.template?.name === "lembrete_premio");
    expect(sent.map((m) => m.to)).toEqual([verified.whatsapp.replace(/\D/g, "")]);
    const [name] = sent[0].template!.components[0].parameters!.map((p) => p.text);
    expect(name).toBe("Seu");
    expect(await remindersOf(unverified.spinId)).toEqual([expect.objectContaining({ status: "cancelled" })]);
    expect(await remindersOf(verified.spinId)).toEqual([expect.objectContaining({ status: "done" })]);
  });

  it("by WhatsApp count in the company's daily cap of paid messages (daily_code_cap)", async () => {
    const C = await createCompany("Lembretes Teto");
    await connectWhatsapp(C, { reminder_template: "lembrete_premio", daily_code_cap: 1 });
    const wheel = await winningWheel(C, { reminders: WHATSAPP_ONLY });
    const won = [await spinAt(C, wheel, SPIN_AT, null), await spinAt(C, wheel, SPIN_AT, null)];
    for (const w of won) await markVerified(w.spinId);
    const before = fake.sent.length;
    await workAt(REMINDER_DAY);
    const numbers = won.map((w) => w.whatsapp.replace(/\D/g, ""));
    expect(fake.sent.slice(before).filter((m) => numbers.includes(m.to))).toHaveLength(1);
    const statuses = (await Promise.all(won.map(async (w) => (await remindersOf(w.spinId))[0].status))).sort();
    expect(statuses).toEqual(["cancelled", "done"]);
    const day = await (await db()).whatsappCodeDay.findFirst({ where: { companyId: C.companyId } });
    expect(day?.count).toBe(1);
  });

  it("cannot choose WhatsApp while the company has no WhatsApp connected (400)", async () => {
    const D = await createCompany("Lembretes Sem WhatsApp");
    const { wheel } = await campaignWheel(D, {}, [{ stock: 5 }]);
    const message = "Conecte o WhatsApp em Integrações antes de enviar lembretes por WhatsApp.";
    const refused = await updateWheel(D, wheel.id, {
      reminders: { enabled: true, days_before: [2], channels: ["whatsapp", "email"] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(message);
    expect(refused.body.details.fields["reminders.channels"]).toBe(message);
    const ok = await updateWheel(D, wheel.id, { reminders: { enabled: true, days_before: [2], channels: ["email"] } });
    expect(ok.status, ok.text).toBe(200);
    await connectWhatsapp(D);
    const now = await updateWheel(D, wheel.id, { reminders: { ...WHATSAPP_ONLY, channels: ["whatsapp", "email"] } });
    expect(now.status, now.text).toBe(200);
  });
});
