// The campaign fields of a wheel and its prizes through the admin API: stored, answered, and every
// bad input refused with a pt-BR field message (issue 12, "Bad input").
import { beforeAll, describe, expect, it } from "vitest";
import { GET as wheelProductsRoute, POST as saveWheelProductsRoute } from "@/app/api/wheels/[id]/products/route";
import { POST as createWheelRoute } from "@/app/api/wheels/route";
import { db } from "@/lib/db/client";
import { createProduct, createWheel } from "../helpers/catalogue";
import { campaignWheel, daysFromNow, getWheel, updateWheel } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

let c: TestCompany;
beforeAll(async () => {
  c = await createCompany("Campanhas");
});

const create = (body: Record<string, unknown>) =>
  call(createWheelRoute, {
    token: c.owner.token,
    body: { name: "Roleta", slug: `r-${Math.random().toString(36).slice(2, 8)}`, ...body },
  });

describe("wheel campaign fields", () => {
  it("default to a wheel that works as before", async () => {
    const wheel = await createWheel(c.owner.token);
    expect((await getWheel(c, wheel.id)).body.wheel).toMatchObject({
      starts_at: null,
      ends_at: null,
      draw_mode: "random",
      no_prize_weight: 0,
      no_prize_label: "Não foi dessa vez",
      replay_after_days: null,
      redeem_within_days: null,
      authorization_number: null,
      rules_text: null,
      theme: { primary_color: "#7c3aed", preset: "padrao", logo_url: null },
    });
  });

  it("are stored and answered on create and on partial update", async () => {
    const starts = "2026-12-01T09:00:00-03:00";
    const res = await create({
      starts_at: starts,
      ends_at: "2026-12-24T23:59:00-03:00",
      draw_mode: "moments",
      no_prize_weight: 30,
      no_prize_label: "Quase!",
      replay_after_days: 7,
      redeem_within_days: 15,
      authorization_number: " 04.012345/2026 ",
      rules_text: "Válido só na loja do centro.",
      theme: { primary_color: "#AA0000", preset: "natal", logo_url: "/uploads/logo.png" },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.wheel).toMatchObject({
      starts_at: "2026-12-01T12:00:00.000Z",
      ends_at: "2026-12-25T02:59:00.000Z",
      draw_mode: "moments",
      no_prize_weight: 30,
      no_prize_label: "Quase!",
      replay_after_days: 7,
      redeem_within_days: 15,
      authorization_number: "04.012345/2026",
      rules_text: "Válido só na loja do centro.",
      theme: { primary_color: "#aa0000", preset: "natal", logo_url: "/uploads/logo.png" },
    });
    const id = res.body.wheel.id;
    const updated = await updateWheel(c, id, {
      no_prize_weight: 0,
      theme: { preset: "maes" },
      authorization_number: "",
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.wheel).toMatchObject({
      starts_at: "2026-12-01T12:00:00.000Z",
      draw_mode: "moments",
      no_prize_weight: 0,
      authorization_number: null,
      theme: { primary_color: "#aa0000", preset: "maes", logo_url: "/uploads/logo.png" },
    });
  });

  it("refuses bad values with pt-BR field messages", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { starts_at: "2026-12-10T00:00:00Z", ends_at: "2026-12-01T00:00:00Z" },
        "ends_at",
        "O fim da promoção deve ser depois do início",
      ],
      [{ draw_mode: "moments" }, "starts_at", "O modo momentos ganhadores exige data e hora de início e de fim"],
      [
        { draw_mode: "moments", starts_at: "2026-12-10T00:00:00Z" },
        "ends_at",
        "O modo momentos ganhadores exige data e hora de início e de fim",
      ],
      [
        { starts_at: "10/12/2026" },
        "starts_at",
        "Data inválida: use data e hora ISO 8601 com fuso (ex.: 2026-12-01T09:00:00-03:00)",
      ],
      [
        { starts_at: "2026-12-10T00:00:00" },
        "starts_at",
        "Data inválida: use data e hora ISO 8601 com fuso (ex.: 2026-12-01T09:00:00-03:00)",
      ],
      [{ draw_mode: "sorteio" }, "draw_mode", "Modo de sorteio inválido: use random, moments ou counter"],
      [
        { no_prize_weight: -1 },
        "no_prize_weight",
        'O peso de "sem prêmio" deve ser um número inteiro de 0 a 1.000.000',
      ],
      [
        { no_prize_weight: 1_000_001 },
        "no_prize_weight",
        'O peso de "sem prêmio" deve ser um número inteiro de 0 a 1.000.000',
      ],
      [
        { no_prize_weight: 2.5 },
        "no_prize_weight",
        'O peso de "sem prêmio" deve ser um número inteiro de 0 a 1.000.000',
      ],
      [{ no_prize_label: " " }, "no_prize_label", 'O texto de "sem prêmio" deve ter de 1 a 60 caracteres'],
      [{ no_prize_label: "x".repeat(61) }, "no_prize_label", 'O texto de "sem prêmio" deve ter de 1 a 60 caracteres'],
      [{ replay_after_days: 0 }, "replay_after_days", "O intervalo para jogar de novo deve ser de 1 a 365 dias"],
      [{ replay_after_days: 366 }, "replay_after_days", "O intervalo para jogar de novo deve ser de 1 a 365 dias"],
      [{ redeem_within_days: 0 }, "redeem_within_days", "A validade do código deve ser de 1 a 365 dias"],
      [
        { authorization_number: "x".repeat(101) },
        "authorization_number",
        "O número do certificado deve ter no máximo 100 caracteres",
      ],
      [{ rules_text: "x".repeat(10_001) }, "rules_text", "O texto do regulamento deve ter no máximo 10.000 caracteres"],
      [{ theme: { primary_color: "red" } }, "theme.primary_color", "Cor inválida: use o formato #RRGGBB"],
      [{ theme: { preset: "carnaval" } }, "theme.preset", "Tema inválido"],
      [{ theme: { logo_url: "javascript:alert(1)" } }, "theme.logo_url", "Endereço do logotipo inválido"],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.details.fields[field], JSON.stringify(body).slice(0, 80)).toBe(message);
    }
  });

  it("checks a partial update against the wheel as it will be saved", async () => {
    const res = await create({ starts_at: "2026-12-10T00:00:00Z" });
    const id = res.body.wheel.id;
    const reversed = await updateWheel(c, id, { ends_at: "2026-12-09T00:00:00Z" });
    expect(reversed.status).toBe(400);
    expect(reversed.body.details.fields.ends_at).toBe("O fim da promoção deve ser depois do início");
    const moments = await updateWheel(c, id, { draw_mode: "moments" });
    expect(moments.status).toBe(400);
    expect(moments.body.details.fields.ends_at).toMatch(/exige data e hora de início e de fim/);
    const prisma = await db();
    expect(await prisma.wheel.findUniqueOrThrow({ where: { id } })).toMatchObject({ endsAt: null, drawMode: "random" });
  });

  it("refuses the counter mode while a prize has no win_every", async () => {
    const { wheel } = await campaignWheel(c, {}, [{ stock: 5 }]);
    const res = await updateWheel(c, wheel.id, { draw_mode: "counter" });
    expect(res.status).toBe(400);
    expect(res.body.details.fields.draw_mode).toBe(
      'No modo contador, todos os prêmios da roleta precisam de "ganha a cada" definido',
    );
  });
});

describe("wheel prizes: odds, daily_limit, win_every", () => {
  const save = (wheelId: string, products: unknown[]) =>
    call(saveWheelProductsRoute, { token: c.owner.token, params: { id: wheelId }, body: { products } });

  it("takes the product's weight when odds_weight is left out, and stores the prize rules", async () => {
    const wheel = await createWheel(c.owner.token);
    const p = await createProduct(c.owner.token, { weight: 7 });
    const res = await save(wheel.id, [{ product_id: p.id, daily_limit: 3, win_every: 10 }]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.products[0]).toMatchObject({ id: p.id, odds_weight: 7, daily_limit: 3, win_every: 10 });
    const listed = await call(wheelProductsRoute, { token: c.owner.token, params: { id: wheel.id } });
    expect(listed.body.products[0]).toMatchObject({ odds_weight: 7, daily_limit: 3, win_every: 10 });
  });

  it("refuses prize rules out of range", async () => {
    const wheel = await createWheel(c.owner.token);
    const p = await createProduct(c.owner.token);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ daily_limit: 0 }, "products.0.daily_limit", "O limite diário deve ser um número inteiro de 1 a 1.000.000"],
      [{ daily_limit: 1.5 }, "products.0.daily_limit", "O limite diário deve ser um número inteiro de 1 a 1.000.000"],
      [{ win_every: 0 }, "products.0.win_every", '"Ganha a cada" deve ser um número inteiro de 1 a 1.000.000'],
      [{ odds_weight: 0 }, "products.0.odds_weight", "O peso deve ser no mínimo 1"],
    ];
    for (const [rule, field, message] of cases) {
      const res = await save(wheel.id, [{ product_id: p.id, ...rule }]);
      expect(res.status, JSON.stringify(rule)).toBe(400);
      expect(res.body.details.fields[field]).toBe(message);
    }
  });

  it("needs win_every on every prize of a counter wheel", async () => {
    const { wheel } = await campaignWheel(c, { draw_mode: "counter" }, []);
    const p = await createProduct(c.owner.token);
    const res = await save(wheel.id, [{ product_id: p.id }]);
    expect(res.status).toBe(400);
    expect(res.body.details.fields["products.0.win_every"]).toBe(
      'No modo contador, informe "ganha a cada" (a cada quantos giros este prêmio sai)',
    );
    expect((await save(wheel.id, [{ product_id: p.id, win_every: 5 }])).status).toBe(200);
    expect((await updateWheel(c, wheel.id, { ends_at: daysFromNow(30) })).status).toBe(200);
  });
});
