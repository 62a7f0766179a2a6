// Experiments (issue 52; docs/api.md "Experiments (issue 52)"): the CRUD,
// its validation, the Pro gate, another company's 404, the arms frozen while running.
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/experiments/[id]/route";
import { POST as startRoute } from "@/app/api/experiments/[id]/start/route";
import { POST as stopRoute } from "@/app/api/experiments/[id]/stop/route";
import { GET as resultsRoute } from "@/app/api/experiments/[id]/results/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/experiments/route";
import { GET as assignmentRoute } from "@/app/api/public/[companySlug]/experiments/[key]/assignment/route";
import { POST as exposureRoute } from "@/app/api/public/[companySlug]/experiments/[key]/exposures/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { GET as leadsRoute } from "@/app/api/wheels/spins/all/route";
import { db } from "@/lib/db/client";
import { assignArm } from "@/lib/experiments/assignment";
import { forgetRunningExperiments } from "@/lib/experiments/public";
import { experimentAnswer, experimentResultsAnswer } from "@/lib/validation/experiments";
import { campaignWheel, newPhone } from "../helpers/campaign";
import { addMember, createCompany, type TestCompany } from "../helpers/fixtures";
import { call, randomIp } from "../helpers/http";

let A: TestCompany;
let B: TestCompany;
let wheelA: { id: string; slug: string };
let wheelA2: { id: string; slug: string };
let wheelB: { id: string; slug: string };

const body = (over: Record<string, unknown> = {}) => ({
  name: "Cupom vs nada",
  key: "cupom-vs-nada",
  arms: [
    { key: "A", name: "Roleta A", wheel_id: wheelA.id, weight: 40 },
    { key: "B", name: "Roleta B", wheel_id: wheelA2.id, weight: 40 },
    { key: "H", name: "Sem roleta", wheel_id: null, weight: 20 },
  ],
  primary_metric: "revenue_per_visitor",
  ...over,
});

const create = (c: TestCompany, b: Record<string, unknown>, token = c.owner.token) =>
  call(createRoute, { token, body: b });

beforeAll(async () => {
  [A, B] = [await createCompany("Testes A"), await createCompany("Testes B")];
  wheelA = (await campaignWheel(A, { no_prize_weight: 0 }, [{ stock: 100 }])).wheel;
  wheelA2 = (await campaignWheel(A, { no_prize_weight: 0 }, [{ stock: 100 }])).wheel;
  wheelB = (await campaignWheel(B, { no_prize_weight: 0 }, [{ stock: 100 }])).wheel;
});

describe("experiments CRUD", () => {
  it("are created in draft with defaults and the loader's snippet, listed, read, renamed and deleted", async () => {
    const res = await create(A, body());
    expect(res.status, res.text).toBe(201);
    const e = res.body.experiment;
    expect(experimentAnswer.parse(e)).toEqual(e);
    expect(e).toMatchObject({
      key: "cupom-vs-nada",
      status: "draft",
      started_at: null,
      attribution_days: 7,
      min_visitors_per_arm: 500,
      arms: [
        { key: "A", wheel_id: wheelA.id, weight: 40 },
        { key: "B", wheel_id: wheelA2.id, weight: 40 },
        { key: "H", wheel_id: null, weight: 20 },
      ],
    });
    expect(e.snippet).toContain(`data-company="${A.slug}" data-experiment="cupom-vs-nada"`);
    const list = await call(listRoute, { token: A.owner.token });
    expect(list.body.experiments.map((x: { id: string }) => x.id)).toContain(e.id);
    expect((await call(getRoute, { token: A.owner.token, params: { id: e.id } })).body.experiment.id).toBe(e.id);
    const dup = await create(A, body());
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe("Já existe um teste com este identificador");
    const put = await call(putRoute, {
      token: A.owner.token,
      params: { id: e.id },
      body: body({ name: "Novo nome", arms: [body().arms[0], { ...body().arms[1], weight: 60 }] }),
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.experiment.arms).toHaveLength(2);
    const del = await call(deleteRoute, { token: A.owner.token, params: { id: e.id } });
    expect(del.status).toBe(200);
    expect((await call(getRoute, { token: A.owner.token, params: { id: e.id } })).status).toBe(404);
  });

  it("refuses bad input with pt-BR messages", async () => {
    const arms = body().arms;
    const cases: [Record<string, unknown>, string][] = [
      [body({ name: "" }), "Informe o nome do teste"],
      [body({ key: "com espaço" }), "Identificador inválido: use letras minúsculas, números e hífens"],
      [body({ arms: [arms[0]] }), "Um teste tem de 2 a 5 versões"],
      [
        body({ arms: [arms[0], arms[0], arms[2]].map((a) => ({ ...a })) }),
        "Cada versão precisa de um identificador diferente",
      ],
      [
        body({
          arms: [
            { ...arms[0], weight: 50 },
            { ...arms[1], weight: 40 },
          ],
        }),
        "Os pesos das versões devem somar 100",
      ],
      [
        body({ arms: [{ ...arms[0], weight: 1.5 }, arms[1], arms[2]] }),
        "O peso de cada versão é um número inteiro de 1 a 100",
      ],
      [
        body({
          arms: [
            { ...arms[0], wheel_id: null, weight: 50 },
            { ...arms[2], weight: 50 },
          ],
        }),
        "Só uma versão pode ficar sem roleta (o grupo de controle)",
      ],
      [body({ primary_metric: "clicks" }), "Métrica principal inválida"],
      [body({ attribution_days: 31 }), "A janela de atribuição vai de 1 a 30 dias"],
      [body({ min_visitors_per_arm: 9 }), "O mínimo de visitantes por versão vai de 10 a 100.000"],
    ];
    for (const [b, message] of cases) {
      const res = await create(A, b);
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect(res.text).toContain(message);
    }
  });

  it("answers 404 for another company's wheel or experiment", async () => {
    const arms = body().arms;
    const res = await create(A, body({ key: "alheia", arms: [arms[0], { ...arms[1], wheel_id: wheelB.id }, arms[2]] }));
    expect(res.status).toBe(404);
    const own = await create(A, body({ key: "de-a" }));
    const id = own.body.experiment.id;
    for (const r of [
      await call(getRoute, { token: B.owner.token, params: { id } }),
      await call(putRoute, {
        token: B.owner.token,
        params: { id },
        body: body({ key: "de-a", arms: arms.map((a) => ({ ...a, wheel_id: null })) }),
      }),
      await call(startRoute, { token: B.owner.token, params: { id } }),
      await call(deleteRoute, { token: B.owner.token, params: { id } }),
    ])
      expect(r.status, r.text).toBeOneOf([400, 404]);
    expect((await call(getRoute, { token: B.owner.token, params: { id } })).status).toBe(404);
    expect((await call(startRoute, { token: B.owner.token, params: { id } })).status).toBe(404);
    expect((await call(getRoute, { token: A.owner.token, params: { id } })).body.experiment.status).toBe("draft");
  });

  it("are the owner's and the admin's, not a member's", async () => {
    const admin = await addMember(A.companyId, "admin");
    const member = await addMember(A.companyId, "member");
    expect((await create(A, body({ key: "do-admin" }), admin.token)).status).toBe(201);
    expect((await create(A, body({ key: "do-membro" }), member.token)).status).toBe(403);
    expect((await call(listRoute, { token: member.token })).status).toBe(403);
  });

  it("are a Pro feature: on Free they answer 402", async () => {
    const c = await createCompany("Testes Free");
    await (await db()).subscription.update({ where: { companyId: c.companyId }, data: { status: "expired" } });
    const w = (await campaignWheel(c, { no_prize_weight: 0 }, [{ stock: 1 }])).wheel;
    const res = await create(c, {
      ...body(),
      arms: [
        { key: "A", name: "A", wheel_id: w.id, weight: 50 },
        { key: "H", name: "H", wheel_id: null, weight: 50 },
      ],
    });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe("PLAN_LIMIT");
    expect(res.body.error).toBe("Testes A/B são um recurso do plano Pro. Faça upgrade para o Pro em Assinatura.");
    expect((await call(listRoute, { token: c.owner.token })).status).toBe(402);
  });

  it("start and stop in order, and freeze the arms while running (the name may change)", async () => {
    const res = await create(A, body({ key: "congelado" }));
    const id = res.body.experiment.id;
    expect((await call(stopRoute, { token: A.owner.token, params: { id } })).status).toBe(409);
    const started = await call(startRoute, { token: A.owner.token, params: { id } });
    expect(started.status, started.text).toBe(200);
    expect(started.body.experiment.status).toBe("running");
    expect(started.body.experiment.started_at).not.toBeNull();
    expect((await call(startRoute, { token: A.owner.token, params: { id } })).status).toBe(409);

    const arms = body().arms;
    const moved = await call(putRoute, {
      token: A.owner.token,
      params: { id },
      body: body({ key: "congelado", arms: [{ ...arms[0], weight: 30 }, { ...arms[1], weight: 50 }, arms[2]] }),
    });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe("EXPERIMENT_RUNNING");
    const renamed = await call(putRoute, {
      token: A.owner.token,
      params: { id },
      body: body({ key: "congelado", name: "Outro nome" }),
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.experiment.name).toBe("Outro nome");

    const stopped = await call(stopRoute, { token: A.owner.token, params: { id } });
    expect(stopped.status).toBe(200);
    expect(stopped.body.experiment).toMatchObject({ status: "stopped" });
    expect(stopped.body.experiment.stopped_at).not.toBeNull();
  });
});

describe("the visitor's side", () => {
  const assign = (c: TestCompany, key: string, visitor: string) =>
    call(assignmentRoute, {
      params: { companySlug: c.slug, key },
      url: `/api/public/${c.slug}/experiments/${key}/assignment?visitor=${visitor}`,
      ip: randomIp(),
    });
  const expose = (c: TestCompany, key: string, visitor: string) =>
    call(exposureRoute, { params: { companySlug: c.slug, key }, body: { visitor }, ip: randomIp() });

  async function running(key: string, arms = body().arms) {
    const res = await create(A, body({ key, arms }));
    expect(res.status, res.text).toBe(201);
    const id = res.body.experiment.id as string;
    expect((await call(startRoute, { token: A.owner.token, params: { id } })).status).toBe(200);
    forgetRunningExperiments();
    return id;
  }

  it("assigns by the pinned hash, stable, split by the weights; drafts and stopped ones are 404", async () => {
    const draft = await create(A, body({ key: "rascunho" }));
    expect((await assign(A, "rascunho", "visitante-1")).status).toBe(404);
    expect((await assign(A, "nao-existe", "visitante-1")).status).toBe(404);
    expect((await assign(B, "rascunho", "visitante-1")).status).toBe(404);
    const id = await running("pesos");
    for (const bad of ["curto", "com espaço!", "x".repeat(65)])
      expect((await assign(A, "pesos", encodeURIComponent(bad))).status, bad).toBe(400);

    const counts: Record<string, number> = { A: 0, B: 0, H: 0 };
    const n = 2000;
    for (let i = 0; i < n; i++) {
      const visitor = `visitante-${i}`;
      const res = await assign(A, "pesos", visitor);
      expect(res.status, res.text).toBe(200);
      const expected = assignArm(id, visitor, body().arms);
      expect(res.body.arm).toBe(expected.key);
      expect(res.body.wheel).toEqual(
        expected.key === "A" ? { slug: wheelA.slug } : expected.key === "B" ? { slug: wheelA2.slug } : null,
      );
      counts[res.body.arm]++;
    }
    expect(Math.abs((100 * counts.A) / n - 40)).toBeLessThan(3);
    expect(Math.abs((100 * counts.B) / n - 40)).toBeLessThan(3);
    expect(Math.abs((100 * counts.H) / n - 20)).toBeLessThan(3);
    expect((await assign(A, "pesos", "visitante-7")).body).toEqual((await assign(A, "pesos", "visitante-7")).body);
    // The loader reads it from the shop's own origin.
    expect((await assign(A, "pesos", "visitante-7")).headers.get("access-control-allow-origin")).toBe("*");

    await call(stopRoute, { token: A.owner.token, params: { id } });
    expect((await assign(A, "pesos", "visitante-1")).status).toBe(404);
    expect(draft.status).toBe(201);
  });

  it("counts an exposure once per visitor, with the server's arm", async () => {
    const id = await running("exposicoes");
    for (let i = 0; i < 3; i++) expect((await expose(A, "exposicoes", "visitante-unico")).status).toBe(204);
    expect((await expose(A, "exposicoes", "outro-visitante")).status).toBe(204);
    expect((await expose(A, "exposicoes", "x")).status).toBe(400);
    expect((await expose(B, "exposicoes", "visitante-unico")).status).toBe(404);
    const rows = await (
      await db()
    ).experimentExposure.findMany({ where: { experimentId: id }, orderBy: { visitor: "asc" } });
    expect(rows.map((r) => [r.visitor, r.armKey])).toEqual([
      ["outro-visitante", assignArm(id, "outro-visitante", body().arms).key],
      ["visitante-unico", assignArm(id, "visitante-unico", body().arms).key],
    ]);
  });

  it("records the lead's arm on a spin with experiment and visitor, and its exposure if none", async () => {
    const arms = [
      { key: "A", name: "Roleta A", wheel_id: wheelA.id, weight: 50 },
      { key: "B", name: "Roleta B", wheel_id: wheelA2.id, weight: 50 },
    ];
    const id = await running("com-giro", arms);
    const visitor = "visitante-do-giro";
    const arm = assignArm(id, visitor, arms);
    const wheel = arm.key === "A" ? wheelA : wheelA2;
    const res = await call(spinRoute, {
      params: { companySlug: A.slug, wheel: wheel.slug },
      body: { name: "Maria Clara", whatsapp: newPhone(), consent: true, experiment: "com-giro", visitor },
      ip: randomIp(),
    });
    expect(res.status, res.text).toBe(201);
    const leads = await call(leadsRoute, { token: A.owner.token, url: "/api/wheels/spins/all?limit=100" });
    const lead = leads.body.spins.find((s: { customer_name: string }) => s.customer_name === "Maria Clara");
    expect(lead.experiment).toEqual({ key: "com-giro", arm: arm.key });
    const exposures = await (await db()).experimentExposure.findMany({ where: { experimentId: id } });
    expect(exposures.map((e) => [e.visitor, e.armKey])).toEqual([[visitor, arm.key]]);

    // Without the experiment the lead shows none; an unknown key records none and still plays.
    const plain = await call(spinRoute, {
      params: { companySlug: A.slug, wheel: wheel.slug },
      body: { name: "Sem Teste", whatsapp: newPhone(), consent: true, experiment: "nao-existe", visitor },
      ip: randomIp(),
    });
    expect(plain.status, plain.text).toBe(201);
    const again = await call(leadsRoute, { token: A.owner.token, url: "/api/wheels/spins/all?limit=100" });
    expect(
      again.body.spins.find((s: { customer_name: string }) => s.customer_name === "Sem Teste").experiment,
    ).toBeNull();
  });
});

describe("results", () => {
  const results = (id: string, token = A.owner.token) => call(resultsRoute, { token, params: { id } });

  /** A running A-vs-holdout experiment and `n` visitors of each arm exposed (visitor ids by the pinned hash). */
  async function seeded(key: string, over: Record<string, unknown>, perArm: { A: number; H: number }) {
    const arms = [
      { key: "A", name: "Roleta A", wheel_id: wheelA.id, weight: 50 },
      { key: "H", name: "Sem roleta", wheel_id: null, weight: 50 },
    ];
    const res = await create(A, body({ key, arms, ...over }));
    expect(res.status, res.text).toBe(201);
    const id = res.body.experiment.id as string;
    await call(startRoute, { token: A.owner.token, params: { id } });
    forgetRunningExperiments();
    const visitors: Record<"A" | "H", string[]> = { A: [], H: [] };
    for (let i = 0; visitors.A.length < perArm.A || visitors.H.length < perArm.H; i++) {
      const v = `${key}-visitante-${i}`;
      const arm = assignArm(id, v, arms).key as "A" | "H";
      if (visitors[arm].length < perArm[arm]) visitors[arm].push(v);
    }
    const rows = [...visitors.A, ...visitors.H].map((v) => ({
      companyId: A.companyId,
      experimentId: id,
      visitor: v,
      armKey: assignArm(id, v, arms).key,
    }));
    await (await db()).experimentExposure.createMany({ data: rows });
    return { id, visitors };
  }

  it("judges a winner on leads per visitor, with the uplift against the holdout", async () => {
    const { id, visitors } = await seeded(
      "vencedor",
      { primary_metric: "leads_per_visitor", min_visitors_per_arm: 10 },
      { A: 30, H: 30 },
    );
    for (const v of visitors.A.slice(0, 20)) {
      const res = await call(spinRoute, {
        params: { companySlug: A.slug, wheel: wheelA.slug },
        body: { name: "Visitante", whatsapp: newPhone(), consent: true, experiment: "vencedor", visitor: v },
        ip: randomIp(),
      });
      expect(res.status, res.text).toBe(201);
    }
    const res = await results(id);
    expect(res.status, res.text).toBe(200);
    expect(experimentResultsAnswer.parse(res.body)).toEqual(res.body);
    const [a, h] = res.body.arms;
    expect(res.body).toMatchObject({
      status: "running",
      visitors_total: 60,
      verdict: "winner",
      winner_arm: "A",
      needed_visitors: null,
    });
    expect(res.body.srm).toEqual({ p_value: 1, alarm: false });
    expect(a).toMatchObject({ key: "A", visitors: 30, plays: 20, leads: 20, wins: 20, orders: 0, revenue_cents: 0 });
    expect(a.leads_per_visitor).toBeCloseTo(20 / 30, 9);
    expect(h).toMatchObject({ key: "H", visitors: 30, plays: 0, leads: 0, vs_holdout: null });
    expect(a.p_best).toBeGreaterThan(0.999);
    // Beta(21, 11) against Beta(1, 31): the difference of their means.
    expect(a.vs_holdout.uplift).toBeCloseTo(21 / 32 - 1 / 32, 9);
    expect(a.vs_holdout.interval95[0]).toBeGreaterThan(0);
    expect(a.vs_holdout.p_better).toBeGreaterThan(0.999);
    // Another company's experiment is not found.
    expect((await results(id, B.owner.token)).status).toBe(404);
  });

  it("says collecting with the visitors still needed, and no difference between equal arms", async () => {
    const collecting = await seeded(
      "coletando",
      { primary_metric: "revenue_per_visitor", min_visitors_per_arm: 500 },
      { A: 30, H: 30 },
    );
    const c = await results(collecting.id);
    expect(c.body).toMatchObject({ verdict: "collecting", winner_arm: null, needed_visitors: (500 - 30) * 2 });
    const equal = await seeded(
      "empate",
      { primary_metric: "leads_per_visitor", min_visitors_per_arm: 10 },
      { A: 20, H: 20 },
    );
    const e = await results(equal.id);
    expect(e.body).toMatchObject({ verdict: "no_difference", winner_arm: null, needed_visitors: null });
    for (const arm of e.body.arms) expect(arm.p_best).toBeCloseTo(0.5, 3);
  });

  it("raises the SRM alarm on a skewed split and not on a fair one", async () => {
    const skewed = await seeded("torto", { min_visitors_per_arm: 10 }, { A: 100, H: 30 });
    const s = await results(skewed.id);
    expect(s.body.srm.alarm).toBe(true);
    expect(s.body.srm.p_value).toBeLessThan(0.001);
    const fair = await seeded("justo", { min_visitors_per_arm: 10 }, { A: 52, H: 48 });
    const f = await results(fair.id);
    expect(f.body.srm.alarm).toBe(false);
    expect(f.body.srm.p_value).toBeCloseTo(0.6891565, 5);
  });
});
