// The visitor's form (docs/api.md "The visitor's form (issue 28)"), over HTTP: the wheel's settings,
// the spin's e-mail, CPF and answers, one play per CPF and per e-mail (exact under concurrency),
// refusals counted by reason, and RD Station's key and conversions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as rdGet, PUT as rdPut } from "@/app/api/integrations/rdstation/route";
import { POST as eligibilityRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/eligibility/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { GET as refusalsRoute } from "@/app/api/wheels/[id]/refusals/route";
import { GET as leadsRoute } from "@/app/api/wheels/spins/all/route";
import { GET as exportRoute } from "@/app/api/wheels/spins/export/route";
import { POST as eraseRoute } from "@/app/api/lgpd/erase/route";
import { generateCpf } from "@brazilian-utils/brazilian-utils/generate-cpf";
import { runOnce } from "@/lib/worker/worker";
import { deliverConversion } from "@/lib/rdstation/service";
import { RDSTATION_KEY, startRdStation, type RdStationFake } from "../helpers/fakes/rdstation";
import { db } from "@/lib/db/client";
import { settleRefusals } from "@/lib/refusals/record";
import { campaignWheel, getWheel, newPhone, updateWheel } from "../helpers/campaign";
import { addMember, createCompany, type TestCompany } from "../helpers/fixtures";
import { call, randomIp } from "../helpers/http";

let A: TestCompany;
let B: TestCompany;

beforeAll(async () => {
  [A, B] = await Promise.all([createCompany("Formulário A"), createCompany("Formulário B")]);
});

const visitor = (extra: Record<string, unknown> = {}) => ({
  name: "Visitante",
  whatsapp: newPhone(),
  consent: true,
  ...extra,
});

const spin = (c: TestCompany, wheel: string, body: Record<string, unknown>, ip = randomIp()) =>
  call(spinRoute, { params: { companySlug: c.slug, wheel }, body, ip });

const refusals = (c: TestCompany, wheelId: string, token = c.owner.token) =>
  call(refusalsRoute, { token, params: { id: wheelId } });

describe("a wheel's form settings", () => {
  it("default to nothing extra, and save fields, questions and unique_by", async () => {
    const { wheel } = await campaignWheel(A, {}, [{ stock: 5 }]);
    const before = await getWheel(A, wheel.id);
    expect(before.body.wheel).toMatchObject({
      fields: { email: "off", cpf: "off" },
      questions: [],
      unique_by: ["whatsapp"],
    });
    const res = await updateWheel(A, wheel.id, {
      fields: { email: "required", cpf: "required" },
      questions: [
        { label: "Qual loja você visitou?", type: "select", options: ["Centro", "Shopping"], required: true },
        { label: "Como nos conheceu?", type: "text" },
      ],
      unique_by: ["whatsapp", "cpf", "email"],
    });
    expect(res.status, res.text).toBe(200);
    const w = res.body.wheel;
    expect(w.fields).toEqual({ email: "required", cpf: "required" });
    expect(w.unique_by).toEqual(["whatsapp", "cpf", "email"]);
    expect(w.questions).toHaveLength(2);
    expect(w.questions[0]).toMatchObject({ type: "select", options: ["Centro", "Shopping"], required: true });
    expect(w.questions[0].id).toMatch(/^[a-z0-9_-]+$/);
    expect(w.questions[1]).toMatchObject({ type: "text", required: false });
    expect(w.questions[1].options).toBeUndefined();
    // Saving the questions back keeps their ids (answers are keyed by them).
    const again = await updateWheel(A, wheel.id, { questions: w.questions });
    expect(again.body.wheel.questions.map((q: { id: string }) => q.id)).toEqual(
      w.questions.map((q: { id: string }) => q.id),
    );
  });

  it("refuse one play per CPF or e-mail unless the field is required, a 4th question, a select without options", async () => {
    const { wheel } = await campaignWheel(A, {}, [{ stock: 5 }]);
    const optional = await updateWheel(A, wheel.id, { fields: { cpf: "optional" }, unique_by: ["cpf"] });
    expect(optional.status).toBe(400);
    expect(optional.body.details.fields["fields.cpf"]).toBeTruthy();
    const q = { label: "P", type: "text" };
    expect((await updateWheel(A, wheel.id, { questions: [q, q, q, q] })).status).toBe(400);
    const select = await updateWheel(A, wheel.id, { questions: [{ label: "P", type: "select", options: ["Só uma"] }] });
    expect(select.status).toBe(400);
    expect((await updateWheel(A, wheel.id, { fields: { email: "sometimes" } })).status).toBe(400);
    // Still unchanged.
    expect((await getWheel(A, wheel.id)).body.wheel.unique_by).toEqual(["whatsapp"]);
  });
});

describe("refusals", () => {
  it("are counted by reason after the answer, with the last ones masked", async () => {
    const { wheel } = await campaignWheel(A, {}, [{ stock: 1 }]);
    const phone = "(11) 98888-4321";
    expect((await spin(A, wheel.slug, visitor({ whatsapp: phone }))).status).toBe(201);
    expect((await spin(A, wheel.slug, visitor({ whatsapp: phone }))).status).toBe(409); // duplicate
    expect((await spin(A, wheel.slug, visitor({ whatsapp: "12" }))).status).toBe(400); // invalid
    expect((await spin(A, wheel.slug, visitor())).status).toBe(410); // sold out
    const dup = await call(eligibilityRoute, {
      params: { companySlug: A.slug, wheel: wheel.slug },
      body: { whatsapp: phone },
    });
    expect(dup.status).toBe(409); // duplicate, at 'Começar'
    await settleRefusals();
    const res = await refusals(A, wheel.id);
    expect(res.status).toBe(200);
    expect(res.body.by_reason).toEqual({
      rate_limited: 0,
      duplicate: 2,
      invalid: 1,
      disposable_email: 0,
      not_verified: 0,
      sold_out: 1,
      closed: 0,
    });
    expect(res.body.recent).toHaveLength(4);
    expect(res.body.recent.map((r: { reason: string }) => r.reason).sort()).toEqual([
      "duplicate",
      "duplicate",
      "invalid",
      "sold_out",
    ]);
    const dupRow = res.body.recent.find((r: { reason: string }) => r.reason === "duplicate");
    expect(dupRow.contact).toBe("+55 (11) *****-4321");
    expect(JSON.stringify(res.body)).not.toContain("98888");
  });

  it("are all counted when a burst of visitors is refused at once (no write lost to a deadlock)", async () => {
    const { wheel } = await campaignWheel(A, {}, [{ stock: 1 }]);
    expect((await spin(A, wheel.slug, visitor())).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 150 }, () => spin(A, wheel.slug, visitor())));
    expect(answers.map((r) => r.status)).toEqual(Array(150).fill(410));
    await settleRefusals();
    const res = await refusals(A, wheel.id);
    expect(res.body.by_reason.sold_out).toBe(150);
    expect(res.body.recent).toHaveLength(100);
  });

  it("count a closed campaign and a rate-limited address, and only for the period asked", async () => {
    const { wheel } = await campaignWheel(A, { ends_at: "2020-01-01T00:00:00Z" }, [{ stock: 5 }]);
    expect((await spin(A, wheel.slug, visitor())).status).toBe(410);
    const ip = randomIp();
    let limited = 0;
    for (let i = 0; i < 40 && !limited; i++) if ((await spin(A, wheel.slug, visitor(), ip)).status === 429) limited++;
    expect(limited).toBe(1);
    await settleRefusals();
    const res = await refusals(A, wheel.id);
    expect(res.body.by_reason.closed).toBeGreaterThanOrEqual(1);
    expect(res.body.by_reason.rate_limited).toBe(1);
    const past = await call(refusalsRoute, {
      token: A.owner.token,
      params: { id: wheel.id },
      url: "/api/test?start_date=2020-01-01&end_date=2020-01-31",
    });
    expect(past.body.by_reason.closed).toBe(0);
    expect(past.body.recent).toEqual([]);
  });

  it("of one company are not read by another's staff, and members may read their own", async () => {
    const { wheel } = await campaignWheel(A, {}, [{ stock: 1 }]);
    expect((await refusals(B, wheel.id)).status).toBe(404);
    const member = await addMember(A.companyId, "member");
    expect((await refusals(A, wheel.id, member.token)).status).toBe(200);
    const bad = await call(refusalsRoute, {
      token: A.owner.token,
      params: { id: wheel.id },
      url: "/api/test?start_date=2026-02-30x",
    });
    expect(bad.status).toBe(400);
  });
});

describe("RD Station key", () => {
  it("is saved encrypted, shown as configured + last 4, never returned", async () => {
    const empty = await call(rdGet, { token: A.owner.token });
    expect(empty.body.rdstation).toMatchObject({ configured: false, enabled: false, last4: null });
    expect((await call(rdPut, { method: "PUT", token: A.owner.token, body: { enabled: true } })).status).toBe(400);
    const key = "rd-public-key-abcdef123456";
    const put = await call(rdPut, { method: "PUT", token: A.owner.token, body: { api_key: key, enabled: true } });
    expect(put.status, put.text).toBe(200);
    expect(put.body.rdstation).toMatchObject({ configured: true, enabled: true, last4: "3456" });
    expect(put.text).not.toContain(key);
    const row = await (await db()).rdStationIntegration.findUniqueOrThrow({ where: { companyId: A.companyId } });
    expect(row.apiKey).not.toContain(key);
    expect(row.apiKey.startsWith("v1.")).toBe(true);
    // Switched off with the key kept.
    const off = await call(rdPut, { method: "PUT", token: A.owner.token, body: { enabled: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.body.rdstation).toMatchObject({ configured: true, enabled: false, last4: "3456" });
    // A member may not read it, another company sees its own (none).
    const member = await addMember(A.companyId, "member");
    expect((await call(rdGet, { token: member.token })).status).toBe(403);
    expect(
      (await call(rdPut, { method: "PUT", token: member.token, body: { api_key: key, enabled: true } })).status,
    ).toBe(403);
    expect((await call(rdGet, { token: B.owner.token })).body.rdstation.configured).toBe(false);
  });
});

/** A wheel that asks for everything: e-mail and CPF required, one play per each, two questions. */
async function fullWheel(c: TestCompany, stock = 50) {
  const { wheel } = await campaignWheel(c, {}, [{ stock }]);
  const res = await updateWheel(c, wheel.id, {
    fields: { email: "required", cpf: "required" },
    questions: [
      { label: "Qual loja você visitou?", type: "select", options: ["Centro", "Shopping"], required: true },
      { label: "Como nos conheceu?", type: "text" },
    ],
    unique_by: ["cpf", "email"],
  });
  if (res.status !== 200) throw new Error(res.text);
  const [store, how] = res.body.wheel.questions as { id: string }[];
  return { wheel, store: store.id, how: how.id };
}

let seq = 0;
const newEmail = () => `visitante${++seq}-${Date.now()}@exemplo.com.br`;

describe("the spin's e-mail, CPF and answers", () => {
  it("refuses a CPF with wrong check digits or one repeated digit: 400 'CPF inválido'", async () => {
    const { wheel, store } = await fullWheel(A);
    const base = { email: newEmail(), answers: { [store]: "Centro" } };
    for (const cpf of ["529.982.247-24", "111.111.111-11", "000.000.000-00", "5299822472", "abc.def.ghi-jk"]) {
      const res = await spin(A, wheel.slug, visitor({ ...base, cpf }));
      expect(res.status, cpf).toBe(400);
      expect(res.body.error).toBe("CPF inválido");
      expect(res.body.details.fields.cpf).toBe("CPF inválido");
    }
  });

  it("keeps the CPF as a keyed hash plus its last two digits, shown masked in the lead, the list and the CSV", async () => {
    const { wheel, store, how } = await fullWheel(A);
    const cpf = "529.982.247-25";
    const email = newEmail();
    const res = await spin(
      A,
      wheel.slug,
      visitor({
        email: email.toUpperCase(),
        cpf,
        answers: { [store]: "Shopping", [how]: " Instagram ", x: "ignored" },
      }),
    );
    expect(res.status, res.text).toBe(201);
    const row = await (await db()).spin.findFirstOrThrow({ where: { wheelId: wheel.id } });
    expect(row.email).toBe(email);
    expect(row.cpfLast2).toBe("25");
    expect(row.cpfHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain("52998224725");
    expect(JSON.stringify(row)).not.toContain("529.982");
    expect(row.answers).toEqual([
      { id: store, label: "Qual loja você visitou?", value: "Shopping" },
      { id: how, label: "Como nos conheceu?", value: "Instagram" },
    ]);
    const list = await call(leadsRoute, { token: A.owner.token, url: `/api/test?wheel_id=${wheel.id}` });
    const lead = list.body.spins[0];
    expect(lead.cpf).toBe("***.***.***-25");
    expect(lead.email).toBe(email);
    expect(lead.answers).toEqual([
      { question_id: store, question: "Qual loja você visitou?", answer: "Shopping" },
      { question_id: how, question: "Como nos conheceu?", answer: "Instagram" },
    ]);
    expect(list.text).not.toContain("52998224725");
    // Search finds the lead by its e-mail.
    const found = await call(leadsRoute, { token: A.owner.token, url: `/api/test?search=${email.slice(0, 12)}` });
    expect(found.body.spins.map((s: { id: string }) => s.id)).toContain(lead.id);
    const csv = await call(exportRoute, { token: A.owner.token, url: `/api/test?wheel_id=${wheel.id}` });
    expect(csv.text).toContain("***.***.***-25");
    expect(csv.text).toContain(email);
    expect(csv.text).toContain("Qual loja você visitou?: Shopping | Como nos conheceu?: Instagram");
    expect(csv.text).not.toContain("52998224725");
  });

  it("allows one play per CPF, exactly, under 20 simultaneous spins", async () => {
    const { wheel, store } = await fullWheel(A, 100);
    const cpf = generateCpf();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        spin(A, wheel.slug, visitor({ email: newEmail(), cpf, answers: { [store]: "Centro" } }), `10.28.1.${i + 1}`),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.error).toBe("Estes dados já foram utilizados nesta roleta.");
    expect(await (await db()).spin.count({ where: { wheelId: wheel.id } })).toBe(1);
    // Masked or not, the same CPF is the same person; at 'Começar' too.
    const masked = cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
    const again = await call(eligibilityRoute, {
      params: { companySlug: A.slug, wheel: wheel.slug },
      body: { whatsapp: newPhone(), cpf: masked },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("Estes dados já foram utilizados nesta roleta.");
    // Issue 38: the fields that count are marked, so the form marks the CPF box (issue 37: alike).
    expect(again.body.details.fields).toMatchObject({ cpf: "Estes dados já foram utilizados nesta roleta." });
    // And "Já jogou" in Recusas names the contact that matched, masked: the CPF, not the new number.
    await settleRefusals();
    const recent = (await refusals(A, wheel.id)).body.recent as { reason: string; contact: string }[];
    expect(recent.filter((r) => r.reason === "duplicate").map((r) => r.contact)).toContain(
      `CPF ***.***.***-${cpf.slice(-2)}`,
    );
  });

  it("compares e-mails lower-cased: one play per e-mail", async () => {
    const { wheel, store } = await fullWheel(A);
    const first = await spin(
      A,
      wheel.slug,
      visitor({ email: "Ana.Souza@Exemplo.com.br", cpf: generateCpf(), answers: { [store]: "Centro" } }),
    );
    expect(first.status).toBe(201);
    const second = await spin(
      A,
      wheel.slug,
      visitor({ email: "ana.souza@EXEMPLO.com.br", cpf: generateCpf(), answers: { [store]: "Centro" } }),
    );
    expect(second.status).toBe(409);
    expect(second.body.error).toBe("Estes dados já foram utilizados nesta roleta.");
    expect(second.body.details.fields).toMatchObject({ email: "Estes dados já foram utilizados nesta roleta." });
  });

  it("one play per e-mail holds against a display name, quotes or a trailing separator (400 on email)", async () => {
    const { wheel, store } = await fullWheel(A);
    const answers = { [store]: "Centro" };
    const first = await spin(A, wheel.slug, visitor({ email: " Vitima@Exemplo.com.br ", cpf: generateCpf(), answers }));
    expect(first.status, first.text).toBe(201);
    for (const email of [
      "Ana<vitima@exemplo.com.br>",
      '"vitima"@exemplo.com.br',
      "vitima@exemplo.com.br,",
      "vitima@exemplo.com.br;",
    ]) {
      const res = await spin(A, wheel.slug, visitor({ email, cpf: generateCpf(), answers }));
      expect(res.status, email).toBe(400);
      expect(res.body.details.fields.email, email).toBe("Informe um e-mail válido");
    }
    const again = await spin(A, wheel.slug, visitor({ email: "VITIMA@exemplo.com.br", cpf: generateCpf(), answers }));
    expect(again.status).toBe(409);
    const rows = await (await db()).spin.findMany({ where: { wheelId: wheel.id } });
    expect(rows.map((r) => [r.email, r.emailKey])).toEqual([["vitima@exemplo.com.br", "vitima@exemplo.com.br"]]);
  });

  it("without one play per CPF, the same CPF plays again from another WhatsApp", async () => {
    const { wheel } = await campaignWheel(A, {}, [{ stock: 5 }]);
    await updateWheel(A, wheel.id, { fields: { cpf: "optional" } });
    const cpf = generateCpf();
    expect((await spin(A, wheel.slug, visitor({ cpf }))).status).toBe(201);
    expect((await spin(A, wheel.slug, visitor({ cpf }))).status).toBe(201);
    // A field the wheel does not ask for is not kept.
    expect((await spin(A, wheel.slug, visitor({ email: newEmail() }))).status).toBe(201);
    const rows = await (await db()).spin.findMany({ where: { wheelId: wheel.id } });
    expect(rows.every((r) => r.email === null)).toBe(true);
  });

  it("refuses disposable e-mail domains (DISPOSABLE_EMAIL), missing required fields and answers out of the list", async () => {
    const { wheel, store } = await fullWheel(A);
    const ok = { email: newEmail(), cpf: generateCpf(), answers: { [store]: "Centro" } };
    const disposable = await spin(A, wheel.slug, visitor({ ...ok, email: "alguem@mailinator.com" }));
    expect(disposable.status).toBe(400);
    expect(disposable.body.code).toBe("DISPOSABLE_EMAIL");
    const sub = await spin(A, wheel.slug, visitor({ ...ok, email: "alguem@mail.yopmail.com" }));
    expect(sub.body.code).toBe("DISPOSABLE_EMAIL");
    const noEmail = await spin(A, wheel.slug, visitor({ ...ok, email: undefined }));
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.details.fields.email).toBe("Informe seu e-mail");
    const badEmail = await spin(A, wheel.slug, visitor({ ...ok, email: "ana@" }));
    expect(badEmail.body.details.fields.email).toBe("Informe um e-mail válido");
    const noCpf = await spin(A, wheel.slug, visitor({ ...ok, cpf: "" }));
    expect(noCpf.body.details.fields.cpf).toBe("Informe seu CPF");
    const noAnswer = await spin(A, wheel.slug, visitor({ ...ok, answers: {} }));
    expect(noAnswer.status).toBe(400);
    expect(noAnswer.body.details.fields[`answers.${store}`]).toBe("Responda esta pergunta");
    const other = await spin(A, wheel.slug, visitor({ ...ok, answers: { [store]: "Aeroporto" } }));
    expect(other.body.details.fields[`answers.${store}`]).toBe("Escolha uma das opções");
    const long = await spin(A, wheel.slug, visitor({ ...ok, answers: { [store]: "x".repeat(201) } }));
    expect(long.status).toBe(400);
    expect(await (await db()).spin.count({ where: { wheelId: wheel.id } })).toBe(0);
    // At 'Começar' the disposable e-mail is refused too.
    const early = await call(eligibilityRoute, {
      params: { companySlug: A.slug, wheel: wheel.slug },
      body: { whatsapp: newPhone(), email: "x@mailinator.com" },
    });
    expect(early.body.code).toBe("DISPOSABLE_EMAIL");
    await settleRefusals();
    const counted = await refusals(A, wheel.id);
    expect(counted.body.by_reason.disposable_email).toBe(3);
    expect(counted.body.by_reason.invalid).toBe(6);
    expect(counted.body.recent.find((r: { reason: string }) => r.reason === "disposable_email").contact).toMatch(
      /^\+55 \(11\) \*{5}-\d{4}$/,
    );
  });
});

// Issue 37 #7: aliases and formats of one person, and eligibility as a CPF look-up.
describe("one play per person compares canonical contacts", () => {
  const SAME_PERSON = "Estes dados já foram utilizados nesta roleta.";
  const eligible = (c: TestCompany, wheel: string, body: Record<string, unknown>) =>
    call(eligibilityRoute, { params: { companySlug: c.slug, wheel }, body, ip: randomIp() });

  it("e-mails without a +tag, and Gmail without dots", async () => {
    const { wheel, store } = await fullWheel(A);
    const play = (email: string) =>
      spin(A, wheel.slug, visitor({ email, cpf: generateCpf(), answers: { [store]: "Centro" } }));
    expect((await play("ana.silva+2@gmail.com")).status).toBe(201);
    for (const alias of ["anasilva@gmail.com", "Ana.Silva@gmail.com", "a.n.a.silva+promo@googlemail.com"]) {
      const res = await play(alias);
      expect(res.status, alias).toBe(409);
      expect(res.body.error).toBe(SAME_PERSON);
    }
    expect((await play("joao.lima+loja@exemplo.com.br")).status).toBe(201);
    expect((await play("joao.lima@exemplo.com.br")).status).toBe(409);
    // Outside Gmail a dot is part of the address: another person.
    expect((await play("joaolima@exemplo.com.br")).status).toBe(201);
    // The lead keeps the address as typed (lower-cased).
    const prisma = await db();
    const row = await prisma.spin.findFirstOrThrow({ where: { wheelId: wheel.id }, orderBy: { createdAt: "asc" } });
    expect(row).toMatchObject({ email: "ana.silva+2@gmail.com", emailKey: "anasilva@gmail.com" });
    // An LGPD erasure clears the compared form too.
    const erased = await call(eraseRoute, { token: A.owner.token, body: { whatsapp: row.whatsapp } });
    expect(erased.status, erased.text).toBe(200);
    const after = await prisma.spin.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toMatchObject({ email: null, emailKey: null });
  });

  it("a phone with a trunk 0 is the same number; another country's + is refused on a Brazilian wheel", async () => {
    const { wheel } = await campaignWheel(A, {}, [{ stock: 10 }]);
    const first = await spin(A, wheel.slug, visitor({ whatsapp: "011 98765-4321" }));
    expect(first.status, first.text).toBe(201);
    const row = await (await db()).spin.findFirstOrThrow({ where: { wheelId: wheel.id } });
    expect(row.whatsapp).toBe("+5511987654321");
    const again = await spin(A, wheel.slug, visitor({ whatsapp: "11 98765-4321" }));
    expect(again.status).toBe(409);
    expect((await spin(A, wheel.slug, visitor({ whatsapp: "(011) 98765-4321" }))).status).toBe(409);
    expect((await spin(A, wheel.slug, visitor({ whatsapp: "+55 11 98765-4321" }))).status).toBe(409);
    for (const foreign of ["+1 1987654321", "+44 7911 123456", "+351 912 345 678"]) {
      const res = await spin(A, wheel.slug, visitor({ whatsapp: foreign }));
      expect(res.status, foreign).toBe(400);
      expect(res.body.details.fields.whatsapp).toBe("Use um número do Brasil, com DDD: (11) 98765-4321");
      const early = await eligible(A, wheel.slug, { whatsapp: foreign });
      expect(early.status, foreign).toBe(400);
    }
    expect(await (await db()).spin.count({ where: { wheelId: wheel.id } })).toBe(1);
  });

  it("eligibility and the spin do not tell whether the CPF or the e-mail matched", async () => {
    const { wheel, store } = await fullWheel(A);
    const cpf = generateCpf();
    const email = newEmail();
    expect((await spin(A, wheel.slug, visitor({ email, cpf, answers: { [store]: "Centro" } }))).status).toBe(201);
    const byCpf = await eligible(A, wheel.slug, { whatsapp: newPhone(), cpf, email: newEmail() });
    const byEmail = await eligible(A, wheel.slug, { whatsapp: newPhone(), cpf: generateCpf(), email });
    expect([byCpf.status, byEmail.status]).toEqual([409, 409]);
    expect(byCpf.body).toEqual(byEmail.body);
    expect(byCpf.body.error).toBe(SAME_PERSON);
    const spinByCpf = await spin(A, wheel.slug, visitor({ email: newEmail(), cpf, answers: { [store]: "Centro" } }));
    const spinByEmail = await spin(
      A,
      wheel.slug,
      visitor({ email, cpf: generateCpf(), answers: { [store]: "Centro" } }),
    );
    expect(spinByCpf.body).toEqual(spinByEmail.body);
    expect(spinByCpf.body.error).toBe(SAME_PERSON);
  });

  it("an underscore in the domain is not a disposable address", async () => {
    const { wheel, store } = await fullWheel(A);
    const res = await spin(
      A,
      wheel.slug,
      visitor({ email: "z@my_domain.com", cpf: generateCpf(), answers: { [store]: "Centro" } }),
    );
    expect(res.status, res.text).toBe(201);
  });
});

describe("RD Station conversions", () => {
  let rd: RdStationFake;
  const saved = process.env.RDSTATION_API_URL;
  beforeAll(async () => {
    rd = await startRdStation();
    process.env.RDSTATION_API_URL = rd.url;
    // Other files' and tests' queued work is not this test's to run.
    await (await db()).webhookEndpoint.updateMany({ data: { enabled: false } });
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.RDSTATION_API_URL;
    else process.env.RDSTATION_API_URL = saved;
    await rd.close();
  });

  async function work(at = new Date()) {
    for (let i = 0; i < 10; i++) if (!(await runOnce({ limit: 50, now: () => at })).claimed) return;
  }

  it("sends each lead with an e-mail as a conversion with the consent legal basis, and retries a failure", async () => {
    const C = await createCompany("RD Loja");
    const put = await call(rdPut, {
      method: "PUT",
      token: C.owner.token,
      body: { api_key: RDSTATION_KEY, enabled: true },
    });
    expect(put.status).toBe(200);
    const { wheel } = await campaignWheel(C, {}, [{ stock: 10 }]);
    await updateWheel(C, wheel.id, { fields: { email: "optional" } });
    const email = newEmail();
    expect((await spin(C, wheel.slug, visitor({ email, whatsapp: "(21) 99876-5432", name: "Bia Lima" }))).status).toBe(
      201,
    );
    // A lead without an e-mail queues nothing.
    expect((await spin(C, wheel.slug, visitor())).status).toBe(201);
    const jobs = await (
      await db()
    ).webhookDelivery.findMany({ where: { companyId: C.companyId, kind: "rdstation.conversion" } });
    expect(jobs).toHaveLength(1);

    rd.fail(1);
    await work();
    let job = await (await db()).webhookDelivery.findUniqueOrThrow({ where: { id: jobs[0].id } });
    expect(job.status).toBe("pending");
    expect(job.attempts).toBe(1);
    const afterFail = await call(rdGet, { token: C.owner.token });
    expect(afterFail.body.rdstation.last_error).toContain("500");

    await work(new Date(Date.now() + 24 * 3600_000));
    job = await (await db()).webhookDelivery.findUniqueOrThrow({ where: { id: jobs[0].id } });
    expect(job.status).toBe("done");
    const sent = rd.requests.filter((r) => r.path.startsWith("/platform/conversions"));
    expect(sent).toHaveLength(2);
    expect(sent[1].path).toBe(`/platform/conversions?api_key=${RDSTATION_KEY}`);
    expect(sent[1].body).toEqual({
      event_type: "CONVERSION",
      event_family: "CDP",
      payload: {
        conversion_identifier: wheel.slug,
        email,
        name: "Bia Lima",
        mobile_phone: "+5521998765432",
        legal_bases: [{ category: "communications", type: "consent", status: "granted" }],
      },
    });
    expect((await call(rdGet, { token: C.owner.token })).body.rdstation.last_sent_at).not.toBeNull();
  });

  it("a refused key fails the job at once; a company with the integration off queues nothing", async () => {
    const C = await createCompany("RD Chave Errada");
    await call(rdPut, { method: "PUT", token: C.owner.token, body: { api_key: "rd-wrong-key-000000", enabled: true } });
    const { wheel } = await campaignWheel(C, {}, [{ stock: 10 }]);
    await updateWheel(C, wheel.id, { fields: { email: "optional" } });
    expect((await spin(C, wheel.slug, visitor({ email: newEmail() }))).status).toBe(201);
    await work();
    const [job] = await (
      await db()
    ).webhookDelivery.findMany({ where: { companyId: C.companyId, kind: "rdstation.conversion" } });
    expect(job.status).toBe("failed");
    expect((await call(rdGet, { token: C.owner.token })).body.rdstation.last_error).toContain("chave de API recusada");

    await call(rdPut, { method: "PUT", token: C.owner.token, body: { enabled: false } });
    expect((await spin(C, wheel.slug, visitor({ email: newEmail() }))).status).toBe(201);
    expect(
      await (await db()).webhookDelivery.count({ where: { companyId: C.companyId, kind: "rdstation.conversion" } }),
    ).toBe(1);
  });

  it("a job runs for its own company: one naming another company's lead sends nothing", async () => {
    const [C, D] = await Promise.all([createCompany("RD Dona"), createCompany("RD Outra")]);
    for (const c of [C, D])
      await call(rdPut, { method: "PUT", token: c.owner.token, body: { api_key: RDSTATION_KEY, enabled: true } });
    const { wheel } = await campaignWheel(C, {}, [{ stock: 10 }]);
    await updateWheel(C, wheel.id, { fields: { email: "optional" } });
    expect((await spin(C, wheel.slug, visitor({ email: newEmail() }))).status).toBe(201);
    const lead = await (await db()).spin.findFirstOrThrow({ where: { companyId: C.companyId } });
    const before = rd.requests.length;
    expect(await deliverConversion({ companyId: D.companyId }, lead.id)).toEqual({ status: "done" });
    expect(rd.requests.length).toBe(before);
    expect(await deliverConversion({ companyId: C.companyId }, lead.id)).toEqual({ status: "done" });
    expect(rd.requests.length).toBe(before + 1);
  });
});

afterAll(async () => {
  await settleRefusals();
});
