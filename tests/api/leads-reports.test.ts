// A known fixture whose every count and percentage is worked out by hand below.
import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as erase0 } from "@/app/api/lgpd/route";
import { GET as lgpdExportRoute } from "@/app/api/lgpd/export/route";
import { POST as lgpdEraseRoute } from "@/app/api/lgpd/erase/route";
import { GET as reportsRoute } from "@/app/api/reports/route";
import { GET as wheelSpinsRoute } from "@/app/api/wheels/[id]/spins/route";
import { GET as exportRoute } from "@/app/api/wheels/spins/export/route";
import { GET as listRoute } from "@/app/api/wheels/spins/all/route";
import { db } from "@/lib/db/client";
import { lastSevenDays } from "@/lib/reports/service";
import { addMember, createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { POST as publicSpinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { campaignWheel } from "../helpers/campaign";
import { createWheel } from "../helpers/catalogue";

let a: TestCompany;
let b: TestCompany;
let w1: { id: string };
let w2: { id: string };
let bWheel: { id: string };

// Times are chosen around the São Paulo midnight (03:00 UTC).
const T = {
  d1early: new Date("2026-03-10T02:59:00Z"), // 2026-03-09 23:59 in São Paulo
  d1late: new Date("2026-03-10T03:00:00Z"), //  2026-03-10 00:00 in São Paulo
  d2: new Date("2026-03-11T15:00:00Z"),
  d3: new Date("2026-03-12T12:00:00Z"),
};

beforeAll(async () => {
  a = await createCompany("Leads A");
  b = await createCompany("Leads B");
  w1 = await createWheel(a.owner.token, { name: "Roleta Um" });
  w2 = await createWheel(a.owner.token, { name: "Roleta Dois" });
  bWheel = await createWheel(b.owner.token, { name: "Roleta B" });
  const base = { consentAt: new Date(), consentVersion: "t" };
  const prisma = await db();
  await prisma.spin.createMany({
    data: [
      // wheel 1: 4 spins, 3 wins (Caneca x2, Boné x1), whatsapps A, B, C, D
      {
        ...base,
        companyId: a.companyId,
        wheelId: w1.id,
        wheelName: "Roleta Um",
        customerName: "Ana Souza",
        whatsapp: "+5511900000001",
        won: true,
        productName: "Caneca",
        productId: "p1",
        redemptionCode: "AAAA1111",
        createdAt: T.d1early,
      },
      {
        ...base,
        companyId: a.companyId,
        wheelId: w1.id,
        wheelName: "Roleta Um",
        customerName: "Bruno Lima",
        whatsapp: "+5511900000002",
        won: true,
        productName: "Caneca",
        productId: "p1",
        createdAt: T.d1late,
      },
      {
        ...base,
        companyId: a.companyId,
        wheelId: w1.id,
        wheelName: "Roleta Um",
        customerName: '=HYPERLINK("x")',
        whatsapp: "+5511900000003",
        won: true,
        productName: "Boné",
        productId: "p2",
        createdAt: T.d2,
      },
      {
        ...base,
        companyId: a.companyId,
        wheelId: w1.id,
        wheelName: "Roleta Um",
        customerName: 'Dora, "a" São',
        whatsapp: "+5511900000004",
        won: false,
        createdAt: T.d3,
      },
      // wheel 2: 2 spins by A and B again (same people), 1 win (Caneca)
      {
        ...base,
        companyId: a.companyId,
        wheelId: w2.id,
        wheelName: "Roleta Dois",
        customerName: "Ana Souza",
        whatsapp: "+5511900000001",
        won: true,
        productName: "Caneca",
        productId: "p1",
        createdAt: T.d2,
      },
      {
        ...base,
        companyId: a.companyId,
        wheelId: w2.id,
        wheelName: "Roleta Dois",
        customerName: "Bruno Lima",
        whatsapp: "+5511900000002",
        won: false,
        createdAt: T.d3,
      },
      // company B: must never show up for A
      {
        ...base,
        companyId: b.companyId,
        wheelId: bWheel.id,
        wheelName: "Roleta B",
        customerName: "Ana Souza",
        whatsapp: "+5511900000001",
        won: true,
        productName: "Secreto",
        productId: "p9",
        createdAt: T.d2,
      },
    ],
  });
});

const list = (query: string, token = a.owner.token) =>
  call(listRoute, { token, url: `/api/wheels/spins/all?${query}` });

describe("GET /api/wheels/spins/all", () => {
  it("computes stats over every filtered row", async () => {
    const all = await list("page=1&limit=10");
    // 6 spins, 4 distinct numbers, 4 wins -> 66.67%
    expect(all.body.stats).toEqual({ total_leads: 6, unique_leads: 4, leads_with_prizes: 4, conversion_rate: 66.67 });
    expect(all.body.pagination).toEqual({ page: 1, limit: 10, total: 6, totalPages: 1 });
    expect(all.body.spins[0].created_at).toBe(T.d3.toISOString());

    const won = await list("status=won");
    expect(won.body.stats).toEqual({ total_leads: 4, unique_leads: 3, leads_with_prizes: 4, conversion_rate: 100 });
    const lostW2 = await list(`status=lost&wheel_id=${w2.id}`);
    expect(lostW2.body.stats).toEqual({ total_leads: 1, unique_leads: 1, leads_with_prizes: 0, conversion_rate: 0 });
    const search = await list("search=ana");
    expect(search.body.stats.total_leads).toBe(2);
    const phone = await list("search=11 90000-0004");
    expect(phone.body.spins.map((s: { customer_name: string }) => s.customer_name)).toEqual(['Dora, "a" São']);
  });

  it("cuts days at midnight in São Paulo", async () => {
    const day10 = await list("start_date=2026-03-10&end_date=2026-03-10");
    expect(day10.body.spins.map((s: { customer_name: string }) => s.customer_name)).toEqual(["Bruno Lima"]);
    const day9 = await list("start_date=2026-03-09&end_date=2026-03-09");
    expect(day9.body.spins.map((s: { customer_name: string }) => s.customer_name)).toEqual(["Ana Souza"]);
  });

  it("pages with a default of 10, and validates the query", async () => {
    const p2 = await list("page=2&limit=4");
    expect(p2.body.spins).toHaveLength(2);
    expect(p2.body.pagination).toEqual({ page: 2, limit: 4, total: 6, totalPages: 2 });
    expect((await list("")).body.pagination.limit).toBe(10);
    for (const q of [
      "page=0",
      "limit=1001",
      "limit=abc",
      "status=talvez",
      "start_date=10/03/2026",
      "wheel_id=nao-uuid",
    ]) {
      const r = await list(q);
      expect(r.status, q).toBe(400);
      expect(typeof r.body.error).toBe("string");
    }
  });

  it("answers nothing of another company's wheel, and members may read", async () => {
    const r = await list(`wheel_id=${bWheel.id}`);
    expect(r.body.spins).toEqual([]);
    expect(r.body.stats.total_leads).toBe(0);
    const member = await addMember(a.companyId, "member");
    expect((await list("", member.token)).status).toBe(200);
    expect((await call(wheelSpinsRoute, { token: a.owner.token, params: { id: bWheel.id } })).status).toBe(404);
    const own = await call(wheelSpinsRoute, { token: a.owner.token, params: { id: w2.id }, url: "/x?page=1&limit=50" });
    expect(own.body.pagination.total).toBe(2);
  });
});

describe("CSV export", () => {
  it("streams every matching row with a BOM, quoting and neutralised formulas", async () => {
    const res = await call(exportRoute, { token: a.owner.token, url: `/api/wheels/spins/export?wheel_id=${w1.id}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}T[\d-]+\.csv"$/,
    );
    expect(res.text.charCodeAt(0)).toBe(0xfeff);
    const rows: string[][] = parse(res.text.slice(1), { delimiter: ";" });
    expect(rows[0]).toEqual([
      "Nome",
      "WhatsApp",
      "Data de nascimento",
      "Roleta",
      "Prêmio",
      "Ganhou",
      "Código",
      "Resgatado em",
      "Data",
      "Origem",
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "Válido até",
      "Situação",
      "E-mail",
      "CPF",
      "Respostas",
      "Resgate por",
      "Pedido",
      "Total do pedido",
      "Moeda",
      "Lembretes",
    ]);
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r[0]).slice(1)).toEqual(['Dora, "a" São', '\'=HYPERLINK("x")', "Bruno Lima", "Ana Souza"]);
    expect(rows[4]).toEqual([
      "Ana Souza",
      "'+55 (11) 90000-0001",
      "",
      "Roleta Um",
      "Caneca",
      "Sim",
      "AAAA1111",
      "",
      "09/03/2026, 23:59:00",
      "",
      "",
      "",
      "",
      "",
      "Aguardando retirada",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
    ]);
  });

  it("a visitor named Joao;=1+1 is one quoted cell for Excel in Brazil (`;`), never a formula", async () => {
    const c = await createCompany("Excel BR");
    const { wheel } = await campaignWheel(c, {}, [{ stock: 5 }]);
    const spin = await call(publicSpinRoute, {
      params: { companySlug: c.slug, wheel: wheel.slug },
      body: { name: "Joao;=1+1", whatsapp: "(11) 98765-4321", consent: true },
    });
    expect(spin.status).toBe(201);
    const res = await call(exportRoute, { token: c.owner.token, url: "/api/wheels/spins/export" });
    expect(res.text.charCodeAt(0)).toBe(0xfeff);
    const [header, line] = res.text.slice(1).split("\r\n");
    expect(header.startsWith("Nome;WhatsApp;Data de nascimento;Roleta;")).toBe(true);
    expect(line.startsWith('"Joao;=1+1";\'+55 (11) 98765-4321;')).toBe(true);
    // Read the way Excel with a Brazilian locale reads it: every cell whole, none a formula.
    const rows: string[][] = parse(res.text.slice(1), { delimiter: ";" });
    expect(rows[0]).toHaveLength(23);
    expect(rows[1]).toHaveLength(23);
    expect(rows[1][0]).toBe("Joao;=1+1");
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("exports more rows than one batch, in order, each with its own reminders", async () => {
    const c = await createCompany("Muitos Leads");
    const w = await createWheel(c.owner.token);
    const prisma = await db();
    const start = Date.UTC(2026, 0, 1);
    // Every 500th lead a win that can have reminders: some in each batch of 2,000 (the export reads
    // the reminders batch by batch, so a line given another batch's reminders would show here).
    const hasReminder = (i: number) => i % 500 === 7;
    await prisma.spin.createMany({
      data: Array.from({ length: 4500 }, (_, i) => ({
        companyId: c.companyId,
        wheelId: w.id,
        wheelName: "R",
        customerName: `P${i}`,
        whatsapp: `+55119${String(i).padStart(8, "0")}`,
        consentAt: new Date(),
        consentVersion: "t",
        createdAt: new Date(start + Math.floor(i / 3) * 1000),
        ...(hasReminder(i)
          ? {
              won: true,
              productName: "Brinde",
              redemptionCode: `CODE${i}`,
              redeemUntil: new Date(start + 30 * 86_400_000),
            }
          : {}),
      })),
    });
    const winners = await prisma.spin.findMany({
      where: { companyId: c.companyId, won: true },
      select: { id: true, customerName: true },
    });
    expect(winners).toHaveLength(9);
    // One reminder per winner, its day taken from the name, so each line can only carry its own.
    await prisma.webhookDelivery.createMany({
      data: winners.map((s, n) => ({
        id: `job_export_test_${c.companyId.slice(-8)}_${n}`,
        companyId: c.companyId,
        kind: "reminder.send",
        event: "reminder.send",
        spinId: s.id,
        status: "done",
        payload: {
          at: `2026-01-${String((Number(s.customerName.slice(1)) % 28) + 1).padStart(2, "0")}T13:00:00.000Z`,
          channel: "email",
        },
      })),
    });
    const res = await call(exportRoute, { token: c.owner.token, url: "/api/wheels/spins/export" });
    const rows: string[][] = parse(res.text.slice(1), { delimiter: ";" });
    expect(rows).toHaveLength(4501);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(4500);
    // Newest first: the lines come in reverse order of creation.
    expect(["P4497", "P4498", "P4499"]).toContain(rows[1][0]);
    for (const row of rows.slice(1)) {
      const i = Number(row[0].slice(1));
      const day = String((i % 28) + 1).padStart(2, "0");
      expect(row.at(-1), row[0]).toBe(hasReminder(i) ? `E-mail em ${day}/01/2026, 10:00 (enviado)` : "");
    }
  });
});

describe("CSV export dates", () => {
  // The export reads through node-postgres on Postgres (lib/db/driver-query.ts), whose default is
  // the process' local time: under a zone far from UTC, instants, date filters and birth dates must
  // still be those Prisma reads.
  let zone: string | undefined;
  beforeEach(() => {
    zone = process.env.TZ;
    process.env.TZ = "Asia/Tokyo";
  });
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("keeps instants, São Paulo day filters and birth dates exact", async () => {
    const c = await createCompany("Datas");
    const w = await createWheel(c.owner.token);
    const prisma = await db();
    await prisma.spin.create({
      data: {
        companyId: c.companyId,
        wheelId: w.id,
        wheelName: "R",
        customerName: "Eva",
        whatsapp: "+5511900000099",
        customerBirthdate: new Date("1990-05-17T00:00:00Z"),
        won: true,
        productName: "Caneca",
        redemptionCode: "DATA0001",
        redeemedAt: new Date("2026-03-10T12:30:15Z"),
        consentAt: new Date(),
        consentVersion: "t",
        createdAt: T.d1early, // 2026-03-09 23:59 in São Paulo
      },
    });
    const csv = async (query: string) =>
      parse(
        (await call(exportRoute, { token: c.owner.token, url: `/api/wheels/spins/export?${query}` })).text.slice(1),
        { delimiter: ";" },
      ) as string[][];
    const [, row] = await csv("start_date=2026-03-09&end_date=2026-03-09");
    expect([row[2], row[7], row[8]]).toEqual(["17/05/1990", "10/03/2026, 09:30:15", "09/03/2026, 23:59:00"]);
    expect(await csv("start_date=2026-03-10")).toHaveLength(1);
    expect(await csv("end_date=2026-03-10T02:58:59Z")).toHaveLength(1);
    expect(await csv("end_date=2026-03-10T02:59:00Z")).toHaveLength(2);
  });
});

describe("GET /api/reports", () => {
  it("computes stats, top products and the last 7 days by hand", async () => {
    const r = await call(reportsRoute, { token: a.owner.token });
    expect(r.body.stats).toEqual({ total_spins: 6, unique_users: 4, products_distributed: 4, success_rate: 66.67 });
    // Caneca 3 of 4 wins = 75%, Boné 1 of 4 = 25%
    expect(r.body.top_products).toEqual([
      { product_name: "Caneca", total_wins: 3, win_percentage: 75 },
      { product_name: "Boné", total_wins: 1, win_percentage: 25 },
    ]);
    expect(r.body.daily_activity.map((d: { date: string }) => d.date)).toEqual(lastSevenDays());
    const w = await call(reportsRoute, { token: a.owner.token, url: `/api/reports?wheel_id=${w2.id}` });
    expect(w.body.stats).toEqual({ total_spins: 2, unique_users: 2, products_distributed: 1, success_rate: 50 });
  });

  it("buckets the last 7 days at São Paulo midnight", async () => {
    const c = await createCompany("Diário");
    const w = await createWheel(c.owner.token);
    const days = lastSevenDays();
    const midnight = new Date(`${days[6]}T03:00:00.000Z`); // today 00:00 in São Paulo
    const prisma = await db();
    const base = {
      companyId: c.companyId,
      wheelId: w.id,
      wheelName: "R",
      customerName: "X",
      consentAt: new Date(),
      consentVersion: "t",
    };
    await prisma.spin.createMany({
      data: [
        { ...base, whatsapp: "+551100000001", createdAt: new Date(midnight.getTime() - 60_000) }, // yesterday 23:59
        { ...base, whatsapp: "+551100000002", createdAt: new Date(midnight.getTime() + 60_000) }, // today 00:01
        { ...base, whatsapp: "+551100000003", createdAt: new Date(midnight.getTime() + 120_000) },
      ],
    });
    const r = await call(reportsRoute, { token: c.owner.token });
    const byDate = Object.fromEntries(
      r.body.daily_activity.map((d: { date: string; total_spins: number }) => [d.date, d.total_spins]),
    );
    expect(byDate[days[6]]).toBe(2);
    expect(byDate[days[5]]).toBe(1);
    expect(r.body.daily_activity).toHaveLength(7);
  });
});

describe("LGPD requests", () => {
  it("finds, exports and erases one person's data in this company only, keeping the counts", async () => {
    const c = await createCompany("LGPD");
    const w = await createWheel(c.owner.token);
    const prisma = await db();
    const base = {
      companyId: c.companyId,
      wheelId: w.id,
      wheelName: "R",
      consentAt: new Date(),
      consentVersion: "v1",
      consentIp: "10.0.0.1",
    };
    await prisma.spin.createMany({
      data: [
        { ...base, customerName: "Titular", whatsapp: "+5511977776666", won: true, productName: "Caneca" },
        { ...base, customerName: "Outra", whatsapp: "+5511955554444" },
      ],
    });
    const member = await addMember(c.companyId, "member");
    expect((await call(erase0, { token: member.token, url: "/api/lgpd?whatsapp=11977776666" })).status).toBe(403);
    const found = await call(erase0, { token: c.owner.token, url: "/api/lgpd?whatsapp=(11) 97777-6666" });
    expect(found.body.spins).toHaveLength(1);
    const exp = await call(lgpdExportRoute, { token: c.owner.token, url: "/api/lgpd/export?whatsapp=11977776666" });
    expect(exp.body.records[0]).toMatchObject({
      customer_name: "Titular",
      consent_version: "v1",
      consent_ip: "10.0.0.1",
    });
    const erased = await call(lgpdEraseRoute, { token: c.owner.token, body: { whatsapp: "11977776666" } });
    expect(erased.body.erased).toBe(1);
    expect(await prisma.spin.count({ where: { companyId: c.companyId, whatsapp: "+5511977776666" } })).toBe(0);
    expect(await prisma.spin.count({ where: { companyId: c.companyId } })).toBe(2);
    const left = await call(listRoute, { token: c.owner.token, url: "/api/wheels/spins/all" });
    expect(left.body.stats).toMatchObject({ total_leads: 2, leads_with_prizes: 1 });
    expect(
      await prisma.auditLog.count({ where: { companyId: c.companyId, action: { in: ["lgpd.export", "lgpd.erase"] } } }),
    ).toBe(2);
  });
});

describe("cached figures", () => {
  it("follow every write to the company's spins, whatever wrote them, and only that company's", async () => {
    const c = await createCompany("Cache");
    const other = await createCompany("Cache Outra");
    const w = await createWheel(c.owner.token);
    const ow = await createWheel(other.owner.token);
    const prisma = await db();
    const version = async (companyId: string) =>
      (await prisma.company.findUniqueOrThrow({ where: { id: companyId } })).spinsVersion;
    const base = { companyId: c.companyId, wheelId: w.id, wheelName: "R", consentAt: new Date(), consentVersion: "t" };
    const stats = async (q = "") =>
      (await call(listRoute, { token: c.owner.token, url: `/api/wheels/spins/all?${q}` })).body.stats;
    const reportStats = async () => (await call(reportsRoute, { token: c.owner.token })).body.stats;

    expect(await stats()).toEqual({ total_leads: 0, unique_leads: 0, leads_with_prizes: 0, conversion_rate: 0 });
    expect((await reportStats()).total_spins).toBe(0);
    const v0 = await version(c.companyId);
    const otherV0 = await version(other.companyId);

    // One statement writing two rows bumps the version once; the cached answers are recomputed.
    await prisma.spin.createMany({
      data: [
        { ...base, customerName: "Clara", whatsapp: "+5511911112222", won: true, productName: "Caneca" },
        { ...base, customerName: "Davi", whatsapp: "+5511933334444" },
      ],
    });
    expect(await version(c.companyId)).toBe(v0 + 1);
    expect(await version(other.companyId)).toBe(otherV0);
    expect(await stats()).toEqual({ total_leads: 2, unique_leads: 2, leads_with_prizes: 1, conversion_rate: 50 });
    expect(await reportStats()).toEqual({ total_spins: 2, unique_users: 2, products_distributed: 1, success_rate: 50 });
    expect((await stats("search=clara")).total_leads).toBe(1);

    // Another company's spin leaves this company's version (and its cache) alone.
    await prisma.spin.create({
      data: { ...base, companyId: other.companyId, wheelId: ow.id, customerName: "Eva", whatsapp: "+5511955556666" },
    });
    expect(await version(c.companyId)).toBe(v0 + 1);

    // The prize message's own columns (its Meta id and state) move no figure: the figures trigger
    // skips such a write (migration 20261128120000); any other column still bumps the version.
    await prisma.spin.updateMany({
      where: { companyId: c.companyId, customerName: "Clara" },
      data: { messageId: "wamid.1", messageStatus: "sent" },
    });
    expect(await version(c.companyId)).toBe(v0 + 1);
    await prisma.spin.updateMany({
      where: { companyId: c.companyId, customerName: "Clara" },
      data: { messageStatus: "read", customerName: "Clara Luz" },
    });
    expect(await version(c.companyId)).toBe(v0 + 2);
    expect((await stats("search=luz")).total_leads).toBe(1);

    // An LGPD erasure rewrites names: a cached search must not still find the erased person.
    await call(lgpdEraseRoute, { token: c.owner.token, body: { whatsapp: "11911112222" } });
    expect((await stats("search=clara")).total_leads).toBe(0);
    expect(await stats()).toEqual({ total_leads: 2, unique_leads: 2, leads_with_prizes: 1, conversion_rate: 50 });

    await prisma.spin.deleteMany({ where: { companyId: c.companyId } });
    expect(await stats()).toEqual({ total_leads: 0, unique_leads: 0, leads_with_prizes: 0, conversion_rate: 0 });
    expect((await reportStats()).total_spins).toBe(0);
  });

  it("pages flipped forward are the pages an OFFSET gives, before and after a write", async () => {
    const c = await createCompany("Anchors");
    const w = await createWheel(c.owner.token);
    const prisma = await db();
    const base = { companyId: c.companyId, wheelId: w.id, wheelName: "R", consentAt: new Date(), consentVersion: "t" };
    // 9 spins, two of them at the same instant (the keyset's id breaks the tie: id DESC, so P4's
    // id is made greater than P3's; random ids ordered the pair by chance).
    const at = (i: number) => new Date(Date.UTC(2026, 2, 1, 12, i === 4 ? 3 : i));
    await prisma.spin.createMany({
      data: Array.from({ length: 9 }, (_, i) => ({
        ...base,
        id: `${i}${randomUUID().slice(1)}`,
        customerName: `P${i}`,
        whatsapp: `+55119000000${10 + i}`,
        createdAt: at(i),
      })),
    });
    const names = async (page: number) =>
      (
        await call(listRoute, { token: c.owner.token, url: `/api/wheels/spins/all?page=${page}&limit=2` })
      ).body.spins.map((s: { customer_name: string }) => s.customer_name);
    // Page 4 opened first (no page seen yet: OFFSET), then pages 1..5 flipped (each from the last).
    const direct = await names(4);
    const flipped: string[][] = [];
    for (let p = 1; p <= 5; p++) flipped.push(await names(p));
    expect(flipped.flat()).toEqual(["P8", "P7", "P6", "P5", "P4", "P3", "P2", "P1", "P0"]);
    expect(flipped[3]).toEqual(direct);
    // A new spin shifts every page by one row: the remembered page ends are not used any more.
    await prisma.spin.create({ data: { ...base, customerName: "P9", whatsapp: "+5511900000099", createdAt: at(9) } });
    expect(await names(3)).toEqual(["P5", "P4"]);
    expect(await names(5)).toEqual(["P1", "P0"]);
  });
});
