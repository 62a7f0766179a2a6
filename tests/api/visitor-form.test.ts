// The visitor's form (docs/api.md "The visitor's form (issue 28)"), over HTTP: the wheel's settings,
// the spin's e-mail, CPF and answers, one play per CPF and per e-mail (exact under concurrency),
// refusals counted by reason, and RD Station's key and conversions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as rdGet, PUT as rdPut } from "@/app/api/integrations/rdstation/route";
import { POST as eligibilityRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/eligibility/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { GET as refusalsRoute } from "@/app/api/wheels/[id]/refusals/route";
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

afterAll(async () => {
  await settleRefusals();
});
