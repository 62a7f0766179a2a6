// Units and counter staff (issue 41; docs/api.md "Units and counter staff"): the units' CRUD and its
// Pro gate, a source's unit on the spins it brings, the attendant held to its units at the counter
// (and seeing only a first name and a masked WhatsApp), the redemption's unit and staff member,
// unit_ids on users and invitations, the unit filter and the report's by_unit; and the attacks: an
// attendant of company A on company B's codes, another unit's code, an owner handing out another
// company's unit ids, an admin or member making someone an attendant.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { POST as tillRoute } from "@/app/api/redemptions/route";
import { GET as reportRoute } from "@/app/api/reports/route";
import { GET as lookupRoute, POST as redeemRoute } from "@/app/api/spins/redeem/route";
import { DELETE as deleteUnitRoute, PUT as updateUnitRoute } from "@/app/api/units/[id]/route";
import { GET as listUnitsRoute, POST as createUnitRoute } from "@/app/api/units/route";
import { PUT as updateUserRoute } from "@/app/api/users/[id]/route";
import { POST as inviteRoute } from "@/app/api/users/invitations/route";
import { GET as listUsersRoute, POST as createUserRoute } from "@/app/api/users/route";
import { POST as createSourceRoute } from "@/app/api/wheels/[id]/sources/route";
import { GET as leadsRoute } from "@/app/api/wheels/spins/all/route";
import { GET as dashboardRoute } from "@/app/api/dashboard/route";
import { db } from "@/lib/db/client";
import { unitAnswer } from "@/lib/validation/units";
import { campaignWheel, newPhone } from "../helpers/campaign";
import { addMember, createCompany, PASSWORD, type TestCompany } from "../helpers/fixtures";
import { call, randomIp, uniqueEmail } from "../helpers/http";

let A: TestCompany;
let B: TestCompany;
let wheelA: { id: string; slug: string };
let wheelB: { id: string; slug: string };

const createUnit = (c: TestCompany, body: Record<string, unknown>, token = c.owner.token) =>
  call(createUnitRoute, { token, body });

async function unitOf(c: TestCompany, name: string, slug: string) {
  const res = await createUnit(c, { name, slug });
  expect(res.status, res.text).toBe(201);
  return res.body.unit as { id: string; name: string; slug: string };
}

async function sourceIn(c: TestCompany, wheelId: string, unitId: string | null) {
  const res = await call(createSourceRoute, {
    token: c.owner.token,
    params: { id: wheelId },
    body: { name: "Cartaz", unit_id: unitId },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.source as { id: string; key: string; unit_id: string | null };
}

/** A visitor's winning spin through a source (or none): its redemption code. */
async function wonCode(c: TestCompany, w: { slug: string }, sourceKey?: string, name = "Maria Clara Souza") {
  const res = await call(spinRoute, {
    params: { companySlug: c.slug, wheel: w.slug },
    body: { name, whatsapp: newPhone(), consent: true, ...(sourceKey ? { source: sourceKey } : {}) },
    ip: randomIp(),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.redemption_code as string;
}

const lookup = (token: string, code: string) => call(lookupRoute, { token, url: `/api/spins/redeem?code=${code}` });

beforeAll(async () => {
  [A, B] = [await createCompany("Rede A"), await createCompany("Rede B")];
  wheelA = (await campaignWheel(A, { no_prize_weight: 0 }, [{ stock: 100 }])).wheel;
  wheelB = (await campaignWheel(B, { no_prize_weight: 0 }, [{ stock: 100 }])).wheel;
});

describe("units", () => {
  it("are created, listed, renamed and deleted by the owner and the admin, slug unique per company", async () => {
    const created = await createUnit(A, { name: "  Loja Centro ", slug: "Centro", address: "Rua A, 1" });
    expect(created.status, created.text).toBe(201);
    expect(created.body.unit).toMatchObject({ name: "Loja Centro", slug: "centro", address: "Rua A, 1" });
    expect(unitAnswer.parse(created.body.unit)).toEqual(created.body.unit);

    const dup = await createUnit(A, { name: "Outra", slug: "centro" });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe("Já existe uma unidade com este identificador");
    // Another company may use the same slug.
    expect((await createUnit(B, { name: "Centro B", slug: "centro" })).status).toBe(201);

    const admin = await addMember(A.companyId, "admin");
    const id = created.body.unit.id;
    const renamed = await call(updateUnitRoute, {
      token: admin.token,
      params: { id },
      body: { name: "Centro Histórico", slug: "centro-historico" },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.unit).toMatchObject({ name: "Centro Histórico", slug: "centro-historico", address: null });
    const listed = await call(listUnitsRoute, { token: A.owner.token });
    expect(listed.body.units.map((u: { id: string }) => u.id)).toContain(id);

    const gone = await call(deleteUnitRoute, { token: A.owner.token, params: { id } });
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe("Unidade excluída com sucesso");
    expect((await call(deleteUnitRoute, { token: A.owner.token, params: { id } })).status).toBe(404);
  });

  it("refuses bad input with pt-BR messages", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ slug: "x" }, "Informe o nome da unidade"],
      [{ name: "x".repeat(61), slug: "x" }, "O nome da unidade deve ter no máximo 60 caracteres"],
      [{ name: "Loja" }, "Informe o identificador da unidade"],
      [{ name: "Loja", slug: "com espaço" }, "Identificador inválido: use letras minúsculas, números e hífens"],
      [{ name: "Loja", slug: "x".repeat(51) }, "O identificador deve ter no máximo 50 caracteres"],
      [{ name: "Loja", slug: "ok", address: "x".repeat(256) }, "O endereço deve ter no máximo 255 caracteres"],
    ];
    for (const [body, message] of cases) {
      const r = await createUnit(A, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBe(message);
    }
  });

  it("are a Pro feature: on Free, creating or editing one answers 402; listing and deleting still work", async () => {
    const c = await createCompany("Loja Free");
    const u = await unitOf(c, "Antes", "antes");
    await (await db()).subscription.update({ where: { companyId: c.companyId }, data: { status: "expired" } });
    const res = await createUnit(c, { name: "Nova", slug: "nova" });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe("PLAN_LIMIT");
    expect(res.body.error).toBe("Unidades são um recurso do plano Pro. Faça upgrade para o Pro em Assinatura.");
    const put = await call(updateUnitRoute, {
      token: c.owner.token,
      params: { id: u.id },
      body: { name: "X", slug: "x" },
    });
    expect(put.status).toBe(402);
    expect((await call(listUnitsRoute, { token: c.owner.token })).body.units).toHaveLength(1);
    expect((await call(deleteUnitRoute, { token: c.owner.token, params: { id: u.id } })).status).toBe(200);
  });

  it("members and attendants may not manage units (403)", async () => {
    for (const role of ["member", "attendant"] as const) {
      const who = await addMember(A.companyId, role);
      expect((await call(listUnitsRoute, { token: who.token })).status).toBe(403);
      expect((await createUnit(A, { name: "Loja", slug: `l-${role}` }, who.token)).status).toBe(403);
    }
  });
});

describe("a source's unit", () => {
  it("goes on the spins it brings; a source of another company's unit is refused", async () => {
    const u = await unitOf(A, "Shopping", "shopping");
    const s = await sourceIn(A, wheelA.id, u.id);
    expect(s.unit_id).toBe(u.id);
    const code = await wonCode(A, wheelA, s.key);
    const spin = await (await db()).spin.findFirstOrThrow({ where: { redemptionCode: code } });
    expect(spin.unitId).toBe(u.id);
    const plain = await wonCode(A, wheelA);
    expect((await (await db()).spin.findFirstOrThrow({ where: { redemptionCode: plain } })).unitId).toBeNull();

    const theirs = await unitOf(B, "Deles", "deles");
    const res = await call(createSourceRoute, {
      token: A.owner.token,
      params: { id: wheelA.id },
      body: { name: "Intruso", unit_id: theirs.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Unidade inválida");
  });
});

describe("counter staff (attendant)", () => {
  let north: { id: string };
  let south: { id: string };
  let northKey: string;
  let southKey: string;

  beforeAll(async () => {
    north = await unitOf(A, "Norte", "norte");
    south = await unitOf(A, "Sul", "sul");
    northKey = (await sourceIn(A, wheelA.id, north.id)).key;
    southKey = (await sourceIn(A, wheelA.id, south.id)).key;
  });

  it("redeems its unit's codes, records its unit and itself, and sees a first name and a masked WhatsApp", async () => {
    const att = await addMember(A.companyId, "attendant", [north.id]);
    const code = await wonCode(A, wheelA, northKey);
    const seen = await lookup(att.token, code);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.spin.customer_name).toBe("Maria");
    expect(seen.body.spin.whatsapp).toMatch(/^\+55 \(\d\d\) \d••••-\d{4}$/);
    expect(seen.body.spin.email).toBeNull();

    const res = await call(redeemRoute, { token: att.token, body: { redemption_code: code } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.spin.redemption).toMatchObject({ unit_id: north.id, by_user_id: att.id, channel: "counter" });
    expect(res.body.spin.customer_name).toBe("Maria");
    // The owner's lead shows the same record, with the whole name.
    const leads = await call(leadsRoute, { token: A.owner.token, url: `/api/wheels/spins/all?search=${code}&limit=5` });
    const lead = (
      await call(leadsRoute, { token: A.owner.token, url: "/api/wheels/spins/all?limit=100" })
    ).body.spins.find((s: { redemption_code: string }) => s.redemption_code === code);
    expect(leads.status).toBe(200);
    expect(lead.customer_name).toBe("Maria Clara Souza");
    expect(lead.redemption).toMatchObject({ unit_id: north.id, by_user_id: att.id });
  });

  it("gets 404 for another unit's code and company B's code, and changes nothing", async () => {
    const att = await addMember(A.companyId, "attendant", [north.id]);
    const southCode = await wonCode(A, wheelA, southKey);
    const theirs = await wonCode(B, wheelB);
    for (const code of [southCode, theirs]) {
      const seen = await lookup(att.token, code);
      expect(seen.status, code).toBe(404);
      expect(seen.body.error).toBe("Código de resgate não encontrado");
      expect((await call(redeemRoute, { token: att.token, body: { redemption_code: code } })).status).toBe(404);
      expect((await call(tillRoute, { token: att.token, body: { code } })).status).toBe(404);
      const row = await (await db()).spin.findFirstOrThrow({ where: { redemptionCode: code } });
      expect(row.redeemedAt).toBeNull();
    }
  });

  it("a chain's online winner is served at any of its stores: a code won with no unit, the attendant's unit recorded", async () => {
    const att = await addMember(A.companyId, "attendant", [north.id]);
    const counter = await wonCode(A, wheelA);
    const seen = await lookup(att.token, counter);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.spin.customer_name).toBe("Maria");
    const res = await call(redeemRoute, { token: att.token, body: { redemption_code: counter } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.spin.redemption).toMatchObject({ unit_id: north.id, by_user_id: att.id, channel: "counter" });
    // The till's route, the same rule.
    const till = await call(tillRoute, { token: att.token, body: { code: await wonCode(A, wheelA) } });
    expect(till.status, till.text).toBe(200);
    expect(till.body.redemption).toMatchObject({ unit_id: north.id, by_user_id: att.id, channel: "api" });
  });

  it("an attendant with no unit redeems every unit's code and a code of no unit", async () => {
    const att = await addMember(A.companyId, "attendant");
    for (const code of [await wonCode(A, wheelA, southKey), await wonCode(A, wheelA)]) {
      const res = await call(redeemRoute, { token: att.token, body: { redemption_code: code } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.spin.redemption.unit_id).toBeNull();
    }
  });

  it("with several units, records the unit it sends, only one of its own", async () => {
    const att = await addMember(A.companyId, "attendant", [north.id, south.id]);
    const other = await unitOf(A, "Leste", "leste");
    const code = await wonCode(A, wheelA, northKey);
    const refused = await call(redeemRoute, { token: att.token, body: { redemption_code: code, unit_id: other.id } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("Você não atende nesta unidade");
    const bad = await call(redeemRoute, { token: att.token, body: { redemption_code: code, unit_id: "nao-e-uuid" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Unidade inválida");
    const ok = await call(tillRoute, { token: att.token, body: { code, unit_id: south.id } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.redemption).toMatchObject({ unit_id: south.id, by_user_id: att.id, channel: "api" });
  });

  it("an owner's unit_id is checked against the company's units", async () => {
    const theirs = await unitOf(B, "Filial B", "filial-b");
    const code = await wonCode(A, wheelA);
    const res = await call(redeemRoute, { token: A.owner.token, body: { redemption_code: code, unit_id: theirs.id } });
    expect(res.status).toBe(400);
    const ok = await call(redeemRoute, { token: A.owner.token, body: { redemption_code: code, unit_id: north.id } });
    expect(ok.body.spin.redemption).toMatchObject({ unit_id: north.id, by_user_id: A.owner.id });
  });

  it("sees nothing else: leads, reports, dashboard, units, users answer 403", async () => {
    const att = await addMember(A.companyId, "attendant", [north.id]);
    for (const [route, url] of [
      [leadsRoute, "/api/wheels/spins/all"],
      [reportRoute, "/api/reports"],
      [dashboardRoute, "/api/dashboard"],
      [listUnitsRoute, "/api/units"],
      [listUsersRoute, "/api/users"],
    ] as const) {
      const res = await call(route as never, { token: att.token, url });
      expect(res.status, url).toBe(403);
    }
  });
});

describe("unit_ids on users and invitations", () => {
  it("the owner creates an attendant with its units and changes them; other roles keep none", async () => {
    const u = await unitOf(A, "Praia", "praia");
    const res = await call(createUserRoute, {
      token: A.owner.token,
      body: {
        name: "Ana Atendente",
        email: uniqueEmail(),
        password: PASSWORD,
        role: "attendant",
        unit_ids: [u.id, u.id],
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.user).toMatchObject({ role: "attendant", unit_ids: [u.id] });
    const id = res.body.user.id;
    const cleared = await call(updateUserRoute, { token: A.owner.token, params: { id }, body: { unit_ids: [] } });
    expect(cleared.body.user.unit_ids).toEqual([]);
    const back = await call(updateUserRoute, { token: A.owner.token, params: { id }, body: { unit_ids: [u.id] } });
    expect(back.body.user.unit_ids).toEqual([u.id]);
    const member = await call(updateUserRoute, { token: A.owner.token, params: { id }, body: { role: "member" } });
    expect(member.body.user).toMatchObject({ role: "member", unit_ids: [] });
  });

  it("refuses another company's unit ids (400) and a made-up one, and changes nothing", async () => {
    const theirs = await unitOf(B, "Alheia", "alheia");
    const res = await call(createUserRoute, {
      token: A.owner.token,
      body: { name: "Intrusa", email: uniqueEmail(), password: PASSWORD, role: "attendant", unit_ids: [theirs.id] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Uma ou mais unidades não existem nesta empresa");
    const att = await addMember(A.companyId, "attendant");
    const put = await call(updateUserRoute, {
      token: A.owner.token,
      params: { id: att.id },
      body: { unit_ids: [theirs.id] },
    });
    expect(put.status).toBe(400);
    const m = await (await db()).membership.findFirstOrThrow({ where: { userId: att.id, companyId: A.companyId } });
    expect(m.unitIds).toEqual([]);
    const inv = await call(inviteRoute, {
      token: A.owner.token,
      body: { email: uniqueEmail(), role: "attendant", unit_ids: [theirs.id] },
    });
    expect(inv.status).toBe(400);
  });

  it("an admin or a member cannot make anyone an attendant (403); the owner invites one with units", async () => {
    const u = await unitOf(A, "Aeroporto", "aeroporto");
    const target = await addMember(A.companyId, "member");
    for (const role of ["admin", "member", "attendant"] as const) {
      const who = await addMember(A.companyId, role);
      const put = await call(updateUserRoute, {
        token: who.token,
        params: { id: target.id },
        body: { role: "attendant", unit_ids: [u.id] },
      });
      expect(put.status, role).toBe(403);
      const inv = await call(inviteRoute, { token: who.token, body: { email: uniqueEmail(), role: "attendant" } });
      expect(inv.status, role).toBe(403);
    }
    const m = await (await db()).membership.findFirstOrThrow({ where: { userId: target.id, companyId: A.companyId } });
    expect(m.role).toBe("member");
    const inv = await call(inviteRoute, {
      token: A.owner.token,
      body: { email: uniqueEmail(), role: "attendant", unit_ids: [u.id] },
    });
    expect(inv.status, inv.text).toBe(201);
    expect(inv.body.invitation).toMatchObject({ role: "attendant", unit_ids: [u.id] });
  });
});

describe("reports and leads by unit", () => {
  it("filter by unit_id and count each unit's spins, wins and redemptions", async () => {
    const c = await createCompany("Rede Relatório");
    const { wheel } = await campaignWheel(c, { no_prize_weight: 0 }, [{ stock: 50 }]);
    const [x, y] = [await unitOf(c, "Xangri-lá", "x"), await unitOf(c, "Ypiranga", "y")];
    const [kx, ky] = [(await sourceIn(c, wheel.id, x.id)).key, (await sourceIn(c, wheel.id, y.id)).key];
    const xCodes = [await wonCode(c, wheel, kx), await wonCode(c, wheel, kx), await wonCode(c, wheel, kx)];
    await wonCode(c, wheel, ky);
    await wonCode(c, wheel);
    const att = await addMember(c.companyId, "attendant", [x.id]);
    await call(redeemRoute, { token: att.token, body: { redemption_code: xCodes[0] } });

    const report = await call(reportRoute, { token: c.owner.token, url: "/api/reports" });
    expect(report.status, report.text).toBe(200);
    expect(report.body.by_unit).toEqual([
      { unit_id: x.id, name: "Xangri-lá", spins: 3, wins: 3, redeemed: 1 },
      { unit_id: y.id, name: "Ypiranga", spins: 1, wins: 1, redeemed: 0 },
      { unit_id: null, name: "Sem unidade", spins: 1, wins: 1, redeemed: 0 },
    ]);
    const onlyX = await call(reportRoute, { token: c.owner.token, url: `/api/reports?unit_id=${x.id}` });
    expect(onlyX.body.stats.total_spins).toBe(3);
    expect(onlyX.body.redemption.redeemed).toBe(1);
    expect(onlyX.body.by_unit).toEqual([{ unit_id: x.id, name: "Xangri-lá", spins: 3, wins: 3, redeemed: 1 }]);

    const leads = await call(leadsRoute, { token: c.owner.token, url: `/api/wheels/spins/all?unit_id=${y.id}` });
    expect(leads.status).toBe(200);
    expect(leads.body.spins).toHaveLength(1);
    expect(leads.body.stats.total_leads).toBe(1);
    const bad = await call(leadsRoute, { token: c.owner.token, url: "/api/wheels/spins/all?unit_id=abc" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Unidade inválida");
  });

  it("a company with no unit gets an empty by_unit", async () => {
    const c = await createCompany("Sem Unidades");
    const res = await call(reportRoute, { token: c.owner.token, url: "/api/reports" });
    expect(res.body.by_unit).toEqual([]);
  });
});

describe("deleting a unit", () => {
  it("is refused while it is an attendant's only unit; otherwise staff and invitations lose it", async () => {
    const c = await createCompany("Rede Exclusão");
    const [p, q] = [await unitOf(c, "P", "p"), await unitOf(c, "Q", "q")];
    const only = await addMember(c.companyId, "attendant", [p.id]);
    const both = await addMember(c.companyId, "attendant", [p.id, q.id]);
    const refused = await call(deleteUnitRoute, { token: c.owner.token, params: { id: p.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/única unidade de um atendente/);
    await call(updateUserRoute, { token: c.owner.token, params: { id: only.id }, body: { unit_ids: [q.id] } });
    const inv = await call(inviteRoute, {
      token: c.owner.token,
      body: { email: uniqueEmail(), role: "attendant", unit_ids: [p.id] },
    });
    expect(inv.status, inv.text).toBe(201);
    expect((await call(deleteUnitRoute, { token: c.owner.token, params: { id: p.id } })).status).toBe(200);
    const prisma = await db();
    expect((await prisma.membership.findFirstOrThrow({ where: { userId: both.id } })).unitIds).toEqual([q.id]);
    const row = await prisma.invitation.findUniqueOrThrow({ where: { id: inv.body.invitation.id } });
    expect(row.cancelledAt).not.toBeNull();
  });
});
