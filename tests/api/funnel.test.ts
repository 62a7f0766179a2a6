// The funnel (docs/api.md "Funnel"): page views counted per wheel, source and day by the
// public beacon (bots ignored, rate limited, nothing personal stored), then spins, wins and prizes
// handed over, in total, per source ('Link direto' for none) and per day, for one company only.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as viewRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/view/route";
import { GET as funnelRoute } from "@/app/api/reports/funnel/route";
import { POST as redeemRoute } from "@/app/api/spins/redeem/route";
import { POST as createSourceRoute } from "@/app/api/wheels/[id]/sources/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { db } from "@/lib/db/client";
import { dayOf } from "@/lib/dates/format";
import { campaignWheel, newPhone } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call, randomIp } from "../helpers/http";

const PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36";

let A: TestCompany;
let B: TestCompany;
let wheel: { id: string; slug: string };
let source: { id: string; key: string };

const view = (body: unknown, opts: { c?: TestCompany; wheelRef?: string; ua?: string; ip?: string } = {}) =>
  call(viewRoute, {
    params: { companySlug: (opts.c ?? A).slug, wheel: opts.wheelRef ?? wheel.slug },
    body,
    headers: { "user-agent": opts.ua ?? PHONE_UA },
    ip: opts.ip ?? randomIp(),
  });

const spin = (extra: Record<string, unknown> = {}) =>
  call(spinRoute, {
    params: { companySlug: A.slug, wheel: wheel.slug },
    body: { name: "Visitante", whatsapp: newPhone(), consent: true, ...extra },
    ip: randomIp(),
  });

beforeAll(async () => {
  [A, B] = [await createCompany("Funil A"), await createCompany("Funil B")];
  wheel = (await campaignWheel(A, {}, [{ name: "Brinde", stock: 20 }])).wheel;
  const res = await call(createSourceRoute, {
    token: A.owner.token,
    params: { id: wheel.id },
    body: { name: "Balcão" },
  });
  source = res.body.source;
});

describe("the view beacon", () => {
  it("counts views per source and day in one counter row each, ignoring bots", async () => {
    for (const body of [{ source: source.key }, { source: source.key }, {}, { source: "desconhecida" }])
      expect((await view(body)).status).toBe(204);
    expect((await view({}, { ua: "Googlebot/2.1 (+http://www.google.com/bot.html)" })).status).toBe(204);
    expect((await view({}, { ua: "" })).status).toBe(204);
    const prisma = await db();
    const rows = await prisma.wheelViewDay.findMany({ where: { wheelId: wheel.id }, orderBy: { sourceId: "asc" } });
    expect(rows.map((r) => [r.sourceId, r.views])).toEqual([
      ["", 2],
      [source.id, 2],
    ]);
    expect(rows.every((r) => r.companyId === A.companyId)).toBe(true);
  });

  it("answers 404 for an unknown wheel or another company's wheel under this company's slug", async () => {
    expect((await view({}, { wheelRef: "nao-existe" })).status).toBe(404);
    const bWheel = (await campaignWheel(B, {}, [{ stock: 1 }])).wheel;
    const res = await view({}, { c: A, wheelRef: bWheel.id });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("Roleta não encontrada");
  });

  it("is rate limited per address (429 with Retry-After)", async () => {
    const ip = randomIp();
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await view({}, { ip })).status;
    expect(last).toBe(429);
  });

  it("refuses a source longer than 100 characters with a pt-BR 400", async () => {
    const res = await view({ source: "x".repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Origem inválida");
  });
});

describe("GET /reports/funnel", () => {
  beforeAll(async () => {
    const viaSource = [await spin({ source: source.key }), await spin({ source: source.key })];
    await spin();
    const code = viaSource[0].body.redemption_code;
    expect((await call(redeemRoute, { token: A.owner.token, body: { redemption_code: code } })).status).toBe(200);
  });

  it("gives the totals with rates, per source and per day", async () => {
    const res = await call(funnelRoute, { token: A.owner.token, url: `/api/reports/funnel?wheel_id=${wheel.id}` });
    expect(res.status).toBe(200);
    // Views: 2 via the source + 2 direct (unknown key included) + the rate-limit loop's 60 direct.
    const views = res.body.funnel.views;
    expect(res.body.funnel).toMatchObject({ spins: 3, wins: 3, redeemed: 1, win_rate: 100, redeem_rate: 33.33 });
    expect(res.body.funnel.spin_rate).toBe(Math.round((3 / views) * 10000) / 100);
    const balcao = res.body.by_source.find((s: { source_id: string | null }) => s.source_id === source.id);
    expect(balcao).toEqual({ source_id: source.id, name: "Balcão", views: 2, spins: 2, wins: 2, redeemed: 1 });
    const direct = res.body.by_source.find((s: { source_id: string | null }) => s.source_id === null);
    expect(direct).toMatchObject({ name: "Link direto", views: views - 2, spins: 1, wins: 1, redeemed: 0 });
    expect(res.body.daily).toEqual([{ date: dayOf(new Date()), views, spins: 3, wins: 3, redeemed: 1 }]);
  });

  it("a date range before today counts nothing", async () => {
    const res = await call(funnelRoute, {
      token: A.owner.token,
      url: `/api/reports/funnel?wheel_id=${wheel.id}&start_date=2020-01-01&end_date=2020-01-31`,
    });
    expect(res.body.funnel).toMatchObject({ views: 0, spins: 0, wins: 0, redeemed: 0, spin_rate: 0 });
    expect(res.body.by_source).toEqual([]);
  });

  it("another company sees none of it, even naming this company's wheel", async () => {
    const res = await call(funnelRoute, { token: B.owner.token, url: `/api/reports/funnel?wheel_id=${wheel.id}` });
    expect(res.status).toBe(200);
    expect(res.body.funnel).toMatchObject({ views: 0, spins: 0, wins: 0, redeemed: 0 });
    expect(res.body.by_source).toEqual([]);
  });
});
