// Lead figures read from the day rollups, the contacts and the company's distinct-number counters
// (migration 20261124060000, lib/leads/rollups.ts) must equal a count over the spins themselves,
// whatever wrote the spins: public spins, a bulk load, redemptions and their undo, an LGPD erasure,
// deleted spins and a deleted company. The oracle below counts the rows in JavaScript.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as dashboardRoute } from "@/app/api/dashboard/route";
import { POST as eraseRoute } from "@/app/api/lgpd/erase/route";
import { GET as reportsRoute } from "@/app/api/reports/route";
import { GET as funnelRoute } from "@/app/api/reports/funnel/route";
import { POST as redeemRoute } from "@/app/api/spins/redeem/route";
import { POST as unredeemRoute } from "@/app/api/spins/unredeem/route";
import { GET as wheelSpinsRoute } from "@/app/api/wheels/[id]/spins/route";
import { POST as createSourceRoute } from "@/app/api/wheels/[id]/sources/route";
import { GET as listRoute } from "@/app/api/wheels/spins/all/route";
import { db } from "@/lib/db/client";
import type { Spin } from "@/lib/generated/prisma/client";
import { campaignWheel, newPhone } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { expectRollupsMatchSpins, viaPrisma } from "../helpers/figures";
import { lastSevenDays } from "@/lib/reports/service";
import { call, randomIp } from "../helpers/http";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";

let A: TestCompany;
let B: TestCompany;
let w1: { id: string; slug: string };
let w2: { id: string; slug: string };
let bWheel: { id: string; slug: string };
let source: { id: string; key: string };
const codes: string[] = [];
const REPEAT = newPhone(); // plays both wheels and has bulk-loaded spins
const REPEAT_DIGITS = `+55${REPEAT.replace(/\D/g, "")}`;

const spin = async (c: TestCompany, wheelSlug: string, whatsapp = newPhone(), extra: Record<string, unknown> = {}) => {
  const res = await call(spinRoute, {
    params: { companySlug: c.slug, wheel: wheelSlug },
    body: { name: "Visitante", whatsapp, consent: true, ...extra },
    ip: randomIp(),
  });
  expect(res.status).toBe(201);
  if (res.body.redemption_code) codes.push(res.body.redemption_code);
  return res.body;
};

// São Paulo is UTC-3 all year (no daylight saving since 2019).
const spDay = (d: Date) => new Date(d.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);

interface Filter {
  wheel_id?: string;
  source_id?: string;
  status?: "won" | "lost";
  start_date?: string;
  end_date?: string;
}

async function spinsOf(companyId: string) {
  const prisma = await db();
  return prisma.spin.findMany({ where: { companyId } });
}

function matching(spins: Spin[], f: Filter) {
  return spins.filter(
    (s) =>
      (!f.wheel_id || s.wheelId === f.wheel_id) &&
      (!f.source_id || s.sourceId === f.source_id) &&
      (!f.status || s.won === (f.status === "won")) &&
      (!f.start_date || spDay(s.createdAt) >= f.start_date) &&
      (!f.end_date || spDay(s.createdAt) <= f.end_date),
  );
}

const countBy = <T>(rows: T[], key: (r: T) => string) =>
  rows.reduce((m, r) => m.set(key(r), (m.get(key(r)) ?? 0) + 1), new Map<string, number>());

const query = (f: Filter) => new URLSearchParams(f as Record<string, string>).toString();

/** Every figure the admin reads, for one filter, against the oracle. */
async function expectFigures(c: TestCompany, f: Filter) {
  const spins = matching(await spinsOf(c.companyId), f);
  const wins = spins.filter((s) => s.won);
  const unique = new Set(spins.map((s) => s.whatsapp)).size;

  const list = await call(listRoute, { token: c.owner.token, url: `/api/wheels/spins/all?${query(f)}` });
  expect(list.status).toBe(200);
  expect(list.body.stats, JSON.stringify(f)).toMatchObject({
    total_leads: spins.length,
    unique_leads: unique,
    leads_with_prizes: wins.length,
  });
  expect(list.body.pagination.total).toBe(spins.length);

  if (f.source_id || f.status) return;
  const report = await call(reportsRoute, { token: c.owner.token, url: `/api/reports?${query(f)}` });
  expect(report.status).toBe(200);
  expect(report.body.stats, JSON.stringify(f)).toMatchObject({
    total_spins: spins.length,
    unique_users: unique,
    products_distributed: wins.length,
  });
  const top = [...countBy(wins, (s) => s.productName ?? "")]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 5);
  expect(
    report.body.top_products.map((t: { product_name: string; total_wins: number }) => [t.product_name, t.total_wins]),
  ).toEqual(top);
  // The last 7 days ignore the dates (only the wheel filters them): spins and distinct numbers per day.
  const week = new Set(lastSevenDays());
  const weekSpins = matching(await spinsOf(c.companyId), { wheel_id: f.wheel_id }).filter((s) =>
    week.has(spDay(s.createdAt)),
  );
  expect(
    report.body.daily_activity
      .filter((d: { total_spins: number }) => d.total_spins)
      .map((d: { date: string; total_spins: number; unique_users: number }) => [d.date, d.total_spins, d.unique_users]),
    JSON.stringify(f),
  ).toEqual(
    [...week]
      .map((d) => weekSpins.filter((s) => spDay(s.createdAt) === d))
      .filter((rows) => rows.length)
      .map((rows) => [spDay(rows[0].createdAt), rows.length, new Set(rows.map((s) => s.whatsapp)).size]),
  );

  const funnel = await call(funnelRoute, { token: c.owner.token, url: `/api/reports/funnel?${query(f)}` });
  expect(funnel.status).toBe(200);
  const per = (rows: Spin[]) => ({
    spins: rows.length,
    wins: rows.filter((s) => s.won).length,
    redeemed: rows.filter((s) => s.redeemedAt).length,
  });
  expect(funnel.body.funnel).toMatchObject(per(spins));
  const sources = [...new Set(spins.map((s) => s.sourceId))];
  expect(
    Object.fromEntries(
      funnel.body.by_source
        .filter((r: { spins: number }) => r.spins)
        .map((r: { source_id: string | null; spins: number; wins: number; redeemed: number }) => [
          r.source_id ?? "",
          { spins: r.spins, wins: r.wins, redeemed: r.redeemed },
        ]),
    ),
  ).toEqual(Object.fromEntries(sources.map((id) => [id ?? "", per(spins.filter((s) => s.sourceId === id))])));
  const days = [...new Set(spins.map((s) => spDay(s.createdAt)))].sort();
  expect(
    funnel.body.daily
      .filter((d: { spins: number }) => d.spins)
      .map((d: { date: string; spins: number; wins: number; redeemed: number }) => [
        d.date,
        { spins: d.spins, wins: d.wins, redeemed: d.redeemed },
      ]),
  ).toEqual(days.map((d) => [d, per(spins.filter((s) => spDay(s.createdAt) === d))]));
}

async function expectAllFigures(c: TestCompany, wheel = w1) {
  const filters: Filter[] = [
    {},
    { status: "won" },
    { status: "lost" },
    { wheel_id: w1.id },
    { wheel_id: w2.id, status: "won" },
    { source_id: source.id },
    { start_date: "2026-03-10", end_date: "2026-03-11" },
    { start_date: "2026-03-09", end_date: "2026-03-09", status: "lost" },
    { start_date: "2026-03-10" },
    { wheel_id: w1.id, end_date: "2026-03-12" },
  ];
  for (const f of filters) await expectFigures(c, f);
  // Partial days are answered from the spins: the same figures.
  const partial = await call(listRoute, {
    token: c.owner.token,
    url: `/api/wheels/spins/all?start_date=2026-03-10T02:00:00Z&end_date=2026-03-10T04:00:00Z`,
  });
  const inWindow = (await spinsOf(c.companyId)).filter(
    (s) => s.createdAt >= new Date("2026-03-10T02:00:00Z") && s.createdAt <= new Date("2026-03-10T04:00:00Z"),
  );
  expect(partial.body.stats.total_leads).toBe(inWindow.length);

  const dash = await call(dashboardRoute, { token: c.owner.token });
  expect(dash.status).toBe(200);
  expect(dash.body.totalSpins).toBe((await spinsOf(c.companyId)).length);
  const wheelPage = await call(wheelSpinsRoute, {
    token: c.owner.token,
    params: { id: wheel.id },
    url: "/x?page=1&limit=5",
  });
  expect(wheelPage.body.pagination.total).toBe(
    (await spinsOf(c.companyId)).filter((s) => s.wheelId === wheel.id).length,
  );
  await expectRollupsMatchSpins(viaPrisma(await db()), c.companyId);
}

beforeAll(async () => {
  [A, B] = [await createCompany("Números A"), await createCompany("Números B")];
  w1 = (await campaignWheel(A, {}, [{ name: "Caneca", stock: 50 }])).wheel;
  w2 = (await campaignWheel(A, { no_prize_weight: 1 }, [{ name: "Boné", stock: 50 }])).wheel;
  const res = await call(createSourceRoute, { token: A.owner.token, params: { id: w1.id }, body: { name: "Cartaz" } });
  source = res.body.source;

  for (let i = 0; i < 3; i++) await spin(A, w1.slug, newPhone(), { source: source.key });
  await spin(A, w1.slug, REPEAT, { source: source.key });
  await spin(A, w1.slug);
  for (let i = 0; i < 5; i++) await spin(A, w2.slug);
  await spin(A, w2.slug, REPEAT);
  bWheel = (await campaignWheel(B, {}, [{ stock: 5 }])).wheel;
  for (let i = 0; i < 2; i++) await spin(B, bWheel.slug);

  // A bulk load (one statement) of older spins around São Paulo midnights, some by a known number.
  const at = (iso: string) => new Date(iso);
  const row = (createdAt: Date, won: boolean, extra: Partial<Omit<Spin, "answers">> = {}) => ({
    companyId: A.companyId,
    wheelId: w1.id,
    wheelName: "Roleta",
    customerName: "Carga",
    whatsapp: newPhone(),
    won,
    productName: won ? "Chaveiro" : null,
    consentAt: createdAt,
    consentVersion: "t",
    createdAt,
    ...extra,
  });
  const prisma = await db();
  await prisma.spin.createMany({
    data: [
      row(at("2026-03-10T02:59:00Z"), false), // 03-09 23:59 in São Paulo
      row(at("2026-03-10T02:59:30Z"), false, { whatsapp: REPEAT_DIGITS, playWindow: 1 }),
      row(at("2026-03-10T03:00:00Z"), true), // 03-10 00:00
      row(at("2026-03-10T03:00:00Z"), true, {
        whatsapp: REPEAT_DIGITS,
        playWindow: 2,
        sourceId: source.id,
        sourceName: "Cartaz",
      }),
      row(at("2026-03-11T15:00:00Z"), true, { productName: "Caneca", wheelId: w2.id }),
      row(at("2026-03-11T16:00:00Z"), false, { wheelId: w2.id }),
      row(at("2026-03-12T12:00:00Z"), true, { redeemedAt: at("2026-03-12T13:00:00Z") }),
      row(at("2026-03-13T02:00:00Z"), false), // 03-12 23:00
    ],
  });
});

describe("lead figures without scans", () => {
  it("equal a count over the spins after public spins and a bulk load", async () => {
    await expectAllFigures(A);
    await expectAllFigures(B, bWheel);
  });

  it("follow redemptions and their undo", async () => {
    for (const code of codes.slice(0, 3))
      expect((await call(redeemRoute, { token: A.owner.token, body: { redemption_code: code } })).status).toBe(200);
    expect((await call(unredeemRoute, { token: A.owner.token, body: { redemption_code: codes[1] } })).status).toBe(200);
    await expectAllFigures(A);
  });

  it("follow an LGPD erasure, which leaves the erased number stored nowhere", async () => {
    const res = await call(eraseRoute, { token: A.owner.token, body: { whatsapp: REPEAT } });
    expect(res.body.erased).toBe(4);
    await expectAllFigures(A);
    const prisma = await db();
    expect(await prisma.contact.count({ where: { whatsapp: REPEAT_DIGITS } })).toBe(0);
  });

  it("follow deleted spins, and a deleted company takes its figures with it and leaves others alone", async () => {
    const prisma = await db();
    const lost = await prisma.spin.findFirst({ where: { companyId: A.companyId, won: false, wheelId: w1.id } });
    await prisma.spin.deleteMany({
      where: { OR: [{ id: lost!.id }, { companyId: A.companyId, wheelId: w2.id, won: true }] },
    });
    await expectAllFigures(A);

    await prisma.company.delete({ where: { id: B.companyId } });
    expect(await prisma.spinDay.count({ where: { companyId: B.companyId } })).toBe(0);
    expect(await prisma.contact.count({ where: { companyId: B.companyId } })).toBe(0);
    await expectAllFigures(A);
  });
});
