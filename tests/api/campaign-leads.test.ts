// Lost spins are spins: the leads list (status filter, stats), its CSV and the reports count them,
// from real spins of a counter wheel (every second spin wins, so every figure is known).
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as reportsRoute } from "@/app/api/reports/route";
import { GET as exportRoute } from "@/app/api/wheels/spins/export/route";
import { GET as listRoute } from "@/app/api/wheels/spins/all/route";
import { campaignWheel, spinOn } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

let c: TestCompany;
let wheelId: string;

beforeAll(async () => {
  c = await createCompany("Leads Perdidos");
  const { wheel } = await campaignWheel(c, { draw_mode: "counter", no_prize_label: "Fica para a próxima" }, [
    { name: "Chaveiro", stock: 10, win_every: 2 },
  ]);
  wheelId = wheel.id;
  for (let i = 0; i < 4; i++) expect((await spinOn(c, wheel.slug)).status).toBe(201);
});

describe("lost spins in leads and reports", () => {
  it("are listed with the lost filter and counted in the stats", async () => {
    const lost = await call(listRoute, {
      token: c.owner.token,
      url: `/api/wheels/spins/all?wheel_id=${wheelId}&status=lost`,
    });
    expect(lost.body.spins).toHaveLength(2);
    for (const s of lost.body.spins)
      expect(s).toMatchObject({ has_won: false, product_id: null, product_name: null, redemption_code: null });
    const all = await call(listRoute, { token: c.owner.token, url: `/api/wheels/spins/all?wheel_id=${wheelId}` });
    expect(all.body.stats).toEqual({ total_leads: 4, unique_leads: 4, leads_with_prizes: 2, conversion_rate: 50 });
  });

  it("are exported as 'Não', without prize or code", async () => {
    const res = await call(exportRoute, { token: c.owner.token, url: `/api/wheels/spins/export?wheel_id=${wheelId}` });
    const rows: string[][] = parse(res.text.replace(/^\uFEFF/, ""), { delimiter: ";" });
    const [header, ...body] = rows;
    const col = (name: string) => header.indexOf(name);
    expect(body).toHaveLength(4);
    const lost = body.filter((r) => r[col("Ganhou")] === "Não");
    expect(lost).toHaveLength(2);
    for (const r of lost) expect([r[col("Prêmio")], r[col("Código")]]).toEqual(["", ""]);
  });

  it("lower the success rate and stay out of the top prizes", async () => {
    const res = await call(reportsRoute, { token: c.owner.token, url: `/api/reports?wheel_id=${wheelId}` });
    expect(res.body.stats).toEqual({ total_spins: 4, unique_users: 4, products_distributed: 2, success_rate: 50 });
    expect(res.body.top_products).toEqual([{ product_name: "Chaveiro", total_wins: 2, win_percentage: 100 }]);
    expect(res.body.daily_activity.at(-1)).toMatchObject({ total_spins: 4, unique_users: 4 });
  });
});
