// Playing a campaign through the public API: the period, lost spins, daily caps, the counter, the
// winning moments and the play windows, each rule and each refusal (docs/api.md "Campaigns").
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as publicRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/route";
import { GET as momentsRoute } from "@/app/api/wheels/[id]/moments/route";
import { PUT as updateProductRoute } from "@/app/api/products/[id]/route";
import { spDayNumber, spDayStart } from "@/lib/dates/sao-paulo-day";
import { db, pgPool } from "@/lib/db/client";
import { readMark } from "@/lib/spins/recent-wheels";
import { campaignWheel, daysFromNow, newPhone, spinOn, updateWheel } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

let c: TestCompany;
beforeAll(async () => {
  c = await createCompany("Jogo");
});

const publicView = (slug: string) => call(publicRoute, { params: { companySlug: c.slug, wheel: slug } });
const leadsOf = async (wheelId: string) =>
  (await db()).spin.findMany({ where: { wheelId }, orderBy: { spinNumber: "asc" } });

describe("the period", () => {
  it("refuses spins before starts_at (403 NOT_STARTED) and after ends_at (410 ENDED), recording nothing", async () => {
    const soon = await campaignWheel(c, { starts_at: daysFromNow(2) }, [{ stock: 5 }]);
    expect((await publicView(soon.wheel.slug)).body.wheel).toMatchObject({ status: "scheduled" });
    const early = await spinOn(c, soon.wheel.slug);
    expect([early.status, early.body.code, early.body.error]).toEqual([
      403,
      "NOT_STARTED",
      "Esta promoção ainda não começou.",
    ]);

    const over = await campaignWheel(c, { starts_at: daysFromNow(-10), ends_at: daysFromNow(-1) }, [{ stock: 5 }]);
    expect((await publicView(over.wheel.slug)).body.wheel).toMatchObject({ status: "ended" });
    const late = await spinOn(c, over.wheel.slug);
    expect([late.status, late.body.code, late.body.error]).toEqual([410, "ENDED", "Esta promoção foi encerrada."]);

    const prisma = await db();
    expect(await prisma.spin.count({ where: { wheelId: { in: [soon.wheel.id, over.wheel.id] } } })).toBe(0);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: over.products[0].id } })).stock).toBe(5);
  });

  it("lets a returning WhatsApp hear 409 first, even after the end", async () => {
    const { wheel } = await campaignWheel(c, { ends_at: daysFromNow(3) }, [{ stock: 5 }]);
    const phone = newPhone();
    expect((await spinOn(c, wheel.slug, phone)).status).toBe(201);
    await updateWheel(c, wheel.id, { starts_at: daysFromNow(-5), ends_at: daysFromNow(-1) });
    const again = await spinOn(c, wheel.slug, phone);
    expect(again.status).toBe(409);
    expect(again.body.details).toBeUndefined(); // no later window on a wheel without replays
  });
});

describe("random mode with a no-prize segment and daily limits", () => {
  it("answers the real shares, including the no-prize segment", async () => {
    const { wheel } = await campaignWheel(c, { no_prize_weight: 2, no_prize_label: "Tente outra vez" }, [
      { stock: 5, weight: 1 },
      { stock: 5, weight: 1 },
    ]);
    const res = await publicView(wheel.slug);
    expect(res.body.products.map((p: { probability: number }) => p.probability)).toEqual([25, 25]);
    expect(res.body.no_prize).toEqual({ label: "Tente outra vez", probability: 50 });
  });

  it("records a lost spin as a lead without product or code when only the no-prize segment is left", async () => {
    const { wheel, products } = await campaignWheel(c, {}, [{ stock: 5, daily_limit: 1 }]);
    const won = await spinOn(c, wheel.slug);
    expect(won.status).toBe(201);
    expect(won.body).toMatchObject({ result: "won", prize: { id: products[0].id }, next_play_at: null });
    // Today's only unit of the prize is gone: with a no-prize weight the next spins lose.
    await updateWheel(c, wheel.id, { no_prize_weight: 10 });
    expect((await publicView(wheel.slug)).body.no_prize).toEqual({ label: "Não foi dessa vez", probability: 100 });
    const lost = await spinOn(c, wheel.slug);
    expect(lost.status, lost.text).toBe(201);
    expect(lost.body).toMatchObject({
      result: "lost",
      prize: null,
      redemption_code: null,
      message: "Não foi dessa vez",
      customer: { name: "Visitante" },
    });
    const leads = await leadsOf(wheel.id);
    expect(leads.map((l) => [l.won, l.productId === null, l.redemptionCode === null, l.spinNumber])).toEqual([
      [true, false, false, 1],
      [false, true, true, 2],
    ]);
    const prisma = await db();
    expect((await prisma.product.findUniqueOrThrow({ where: { id: products[0].id } })).stock).toBe(4);
    expect((await prisma.wheel.findUniqueOrThrow({ where: { id: wheel.id } })).spinCount).toBe(2);
  });

  it("answers 410 SOLD_OUT_TODAY when only capped prizes remain, and plays again on the next day", async () => {
    const { wheel } = await campaignWheel(c, {}, [{ stock: 5, daily_limit: 1 }]);
    expect((await spinOn(c, wheel.slug)).status).toBe(201);
    const refused = await spinOn(c, wheel.slug);
    expect([refused.status, refused.body.code, refused.body.error]).toEqual([
      410,
      "SOLD_OUT_TODAY",
      "Os prêmios de hoje já foram distribuídos. Volte amanhã!",
    ]);
    expect(await (await db()).spin.count({ where: { wheelId: wheel.id } })).toBe(1);
    // The day's count belongs to a São Paulo day: yesterday's count does not cap today.
    const prisma = await db();
    await prisma.wheelProduct.updateMany({
      where: { wheelId: wheel.id },
      data: { dailyWinsDay: new Date("2020-01-01") },
    });
    expect((await spinOn(c, wheel.slug)).status).toBe(201);
  });

  it("answers 410 as before on a sold-out wheel, in every mode, recording no lost spin", async () => {
    const modes = [
      { no_prize_weight: 1000 },
      { draw_mode: "counter" },
      { draw_mode: "moments", starts_at: daysFromNow(-1), ends_at: daysFromNow(1) },
    ];
    const prisma = await db();
    for (const rules of modes) {
      const { wheel } = await campaignWheel(c, rules, [{ stock: 1, weight: 1, win_every: 1 }]);
      await prisma.product.updateMany({
        where: { companyId: c.companyId, wheelProducts: { some: { wheelId: wheel.id } } },
        data: { stock: 0 },
      });
      const res = await spinOn(c, wheel.slug);
      expect([res.status, res.body.code], JSON.stringify(rules)).toEqual([410, "GONE"]);
      expect(await prisma.spin.count({ where: { wheelId: wheel.id } })).toBe(0);
    }
  });
});

describe("counter mode", () => {
  it("gives the n-th spin the prize whose win_every divides n, the largest first, while stock lasts", async () => {
    const { wheel, products } = await campaignWheel(c, { draw_mode: "counter" }, [
      { name: "Caneca", stock: 10, win_every: 2 },
      { name: "Camiseta", stock: 1, win_every: 3 },
    ]);
    const view = await publicView(wheel.slug);
    expect(view.body.products.map((p: { probability: null }) => p.probability)).toEqual([null, null]);
    expect(view.body.no_prize).toEqual({ label: "Não foi dessa vez", probability: null });
    const results = [];
    for (let i = 0; i < 7; i++) results.push((await spinOn(c, wheel.slug)).body.prize?.name ?? null);
    // 6 is divided by 2 and 3: the larger (3) first. 9 would be Camiseta's again, but it has no stock left.
    expect(results).toEqual([null, "Caneca", "Camiseta", "Caneca", null, "Caneca", null]);
    expect((await leadsOf(wheel.id)).map((l) => l.spinNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const prisma = await db();
    expect((await prisma.product.findUniqueOrThrow({ where: { id: products[1].id } })).stock).toBe(0);
  });
});

describe("moments mode", () => {
  it("stores one moment per unit of stock before play, spins win a due moment once, the rest lose", async () => {
    const { wheel, products } = await campaignWheel(
      c,
      { draw_mode: "moments", starts_at: daysFromNow(-1), ends_at: daysFromNow(9) },
      [{ stock: 3 }],
    );
    const listed = await call(momentsRoute, { token: c.owner.token, params: { id: wheel.id } });
    expect(listed.status).toBe(200);
    expect(listed.body.moments).toHaveLength(3);
    // Spread over what is left of the period: none is due yet.
    for (const m of listed.body.moments) expect(new Date(m.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await spinOn(c, wheel.slug)).body.result).toBe("lost");

    const prisma = await db();
    const first = listed.body.moments[0];
    await prisma.winningMoment.update({ where: { id: first.id }, data: { at: new Date(Date.now() - 1000) } });
    const won = await spinOn(c, wheel.slug);
    expect(won.body).toMatchObject({ result: "won", prize: { id: products[0].id } });
    const lost = await spinOn(c, wheel.slug);
    expect(lost.body.result).toBe("lost");
    const claimed = await prisma.winningMoment.findUniqueOrThrow({ where: { id: first.id } });
    const spin = await prisma.spin.findFirstOrThrow({ where: { wheelId: wheel.id, won: true } });
    expect(claimed.spinId).toBe(spin.id);
    expect(claimed.claimedAt).not.toBeNull();

    const csv = await call(momentsRoute, {
      token: c.owner.token,
      params: { id: wheel.id },
      url: `/api/wheels/${wheel.id}/moments?format=csv`,
    });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Prêmio;Momento ganhador;Utilizado em;Giro");
    expect(lines).toHaveLength(4);
    expect(lines.some((l) => l.endsWith(spin.id))).toBe(true);
  });

  it("regenerates only unclaimed moments when the stock, the prizes or the period change", async () => {
    const { wheel, products } = await campaignWheel(
      c,
      { draw_mode: "moments", starts_at: daysFromNow(-1), ends_at: daysFromNow(9) },
      [{ stock: 2 }],
    );
    const prisma = await db();
    const [first] = await prisma.winningMoment.findMany({ where: { wheelId: wheel.id }, orderBy: { at: "asc" } });
    await prisma.winningMoment.update({ where: { id: first.id }, data: { at: new Date(Date.now() - 1000) } });
    expect((await spinOn(c, wheel.slug)).body.result).toBe("won");

    const stock = await call(updateProductRoute, {
      method: "PUT",
      token: c.owner.token,
      params: { id: products[0].id },
      body: { stock: 5 },
    });
    expect(stock.status).toBe(200);
    const after = await prisma.winningMoment.findMany({ where: { wheelId: wheel.id } });
    expect(after.filter((m) => m.claimedAt).map((m) => m.id)).toEqual([first.id]);
    expect(after.filter((m) => !m.claimedAt)).toHaveLength(5);

    const end = daysFromNow(4);
    expect((await updateWheel(c, wheel.id, { ends_at: end })).status).toBe(200);
    const moved = await prisma.winningMoment.findMany({ where: { wheelId: wheel.id, claimedAt: null } });
    expect(moved).toHaveLength(5);
    for (const m of moved) expect(m.at.getTime()).toBeLessThan(new Date(end).getTime());

    expect((await updateWheel(c, wheel.id, { draw_mode: "random" })).status).toBe(200);
    expect((await prisma.winningMoment.findMany({ where: { wheelId: wheel.id } })).map((m) => m.id)).toEqual([
      first.id,
    ]);
  });
});

describe("play windows", () => {
  it("allow one play per WhatsApp per window, and tell when the next window opens", async () => {
    const start = new Date(Date.now() - 10 * 86_400_000);
    const { wheel } = await campaignWheel(c, { starts_at: start.toISOString(), replay_after_days: 7 }, [{ stock: 10 }]);
    const phone = newPhone();
    const first = await spinOn(c, wheel.slug, phone);
    const nextWindow = spDayStart(spDayNumber(start) + 14).toISOString();
    expect(first.body).toMatchObject({ result: "won", next_play_at: nextWindow });
    const again = await spinOn(c, wheel.slug, phone);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: "Este WhatsApp já foi utilizado nesta roleta.",
      details: { next_play_at: nextWindow },
    });
    // A week later (the period moved back by 7 days) the same number plays again.
    await updateWheel(c, wheel.id, { starts_at: new Date(start.getTime() - 7 * 86_400_000).toISOString() });
    expect((await spinOn(c, wheel.slug, phone)).status).toBe(201);
    expect((await leadsOf(wheel.id)).map((l) => l.playWindow)).toEqual([1, 2]);
  });

  it("say nothing of a next window past the end of the period", async () => {
    const { wheel } = await campaignWheel(
      c,
      { starts_at: daysFromNow(-1), ends_at: daysFromNow(2), replay_after_days: 30 },
      [{ stock: 10 }],
    );
    const phone = newPhone();
    expect((await spinOn(c, wheel.slug, phone)).body.next_play_at).toBeNull();
    const again = await spinOn(c, wheel.slug, phone);
    expect(again.status).toBe(409);
    expect(again.body.details).toBeUndefined();
  });
});

describe("round trips", () => {
  it("every draw mode spins in two (one read, one statement), then in one while that read is under a second old", async () => {
    const wheels = [
      await campaignWheel(c, {}, [{ stock: 10 }]),
      await campaignWheel(c, {}, [{ stock: 10, daily_limit: 6 }]),
      await campaignWheel(c, { no_prize_weight: 1_000_000 }, [{ stock: 10, weight: 1 }]),
      await campaignWheel(c, { draw_mode: "counter" }, [{ stock: 10, win_every: 1 }]),
      await campaignWheel(c, { draw_mode: "moments", starts_at: daysFromNow(-1), ends_at: daysFromNow(1) }, [
        { stock: 10 },
      ]),
    ];
    // The spin's statements go through Prisma on the embedded database and straight to the pool on
    // Postgres (lib/db/driver-query.ts); the Postgres rate-limit store's own statements are not the spin's.
    const prisma = await db();
    const pool = await pgPool();
    const viaPrisma = vi.spyOn(prisma, "$queryRaw");
    const transactions = vi.spyOn(prisma, "$transaction");
    const viaPool = pool ? vi.spyOn(pool, "query") : null;
    const statements = () =>
      viaPrisma.mock.calls.length +
      (viaPool?.mock.calls ?? []).filter(([q]) => !JSON.stringify(q).includes("RateLimit")).length;
    // The remembered read's age is measured on Date.now: held still, so the second spin is within the second.
    const clock = vi.spyOn(Date, "now");
    try {
      for (const { wheel } of wheels) {
        // Files share this worker process (vitest isolate: false): a write another file left running
        // may forget every remembered read between the two spins, as it should. Then the pair is
        // played again (at most 3 times), so what is measured is the spin's own round trips.
        for (let round = 1; ; round++) {
          clock.mockReturnValue(new Date().getTime());
          const mark = readMark();
          const counted: number[] = [];
          for (const key of [undefined, `try-${round}-${wheel.slug}`]) {
            viaPrisma.mockClear();
            viaPool?.mockClear();
            expect((await spinOn(c, wheel.slug, newPhone(), undefined, key)).status).toBe(201);
            counted.push(statements());
          }
          if (readMark() !== mark && round < 3) continue;
          expect(counted, wheel.slug).toEqual([2, 1]);
          break;
        }
      }
      expect(transactions).not.toHaveBeenCalled();
    } finally {
      clock.mockRestore();
      viaPrisma.mockRestore();
      viaPool?.mockRestore();
      transactions.mockRestore();
    }
  });
});

describe("the wheel read once a second (lib/spins/recent-wheels.ts)", () => {
  // Date.now held still: every spin below is within the second of the first read unless moved on.
  const at = (ms: number) => vi.spyOn(Date, "now").mockReturnValue(ms);
  afterEach(() => vi.restoreAllMocks());
  const elsewhere = async (sql: string, id: string) => (await db()).$executeRawUnsafe(sql, id);

  it("applies an admin's change on this instance to the very next spin", async () => {
    const { wheel } = await campaignWheel(c, {}, [{ stock: 5 }]);
    at(Date.now());
    expect((await spinOn(c, wheel.slug)).status).toBe(201);
    expect((await updateWheel(c, wheel.id, { status: "draft" })).status).toBe(200);
    expect((await spinOn(c, wheel.slug)).status).toBe(404);
  });

  it("offers a prize restocked by an admin to the very next spin (the sold-out refusal is made again)", async () => {
    const { wheel, products } = await campaignWheel(c, {}, [{ stock: 1 }]);
    at(Date.now());
    expect((await spinOn(c, wheel.slug)).status).toBe(201);
    expect((await spinOn(c, wheel.slug)).status).toBe(410); // sold out: remembered with no prize
    const restock = { method: "PUT", token: c.owner.token, params: { id: products[0].id }, body: { stock: 3 } };
    expect((await call(updateProductRoute, restock)).status).toBe(200);
    expect((await spinOn(c, wheel.slug)).body.result).toBe("won");
  });

  it("records a prize renamed by an admin under its new name from the very next spin", async () => {
    const { wheel, products } = await campaignWheel(c, {}, [{ stock: 5 }]);
    at(Date.now());
    expect((await spinOn(c, wheel.slug)).status).toBe(201);
    const rename = {
      method: "PUT",
      token: c.owner.token,
      params: { id: products[0].id },
      body: { name: "Caneca nova" },
    };
    expect((await call(updateProductRoute, rename)).status).toBe(200);
    const next = await spinOn(c, wheel.slug);
    expect(next.body.prize.name).toBe("Caneca nova");
    const last = await (
      await db()
    ).spin.findFirstOrThrow({ where: { wheelId: wheel.id }, orderBy: { spinNumber: "desc" } });
    expect(last.productName).toBe("Caneca nova");
  });

  it("applies a change made on another instance after at most a second", async () => {
    const { wheel } = await campaignWheel(c, {}, [{ stock: 5 }]);
    const t = Date.now();
    const clock = at(t);
    expect((await spinOn(c, wheel.slug)).status).toBe(201);
    // Another instance's admin: a write this process does not hear.
    await elsewhere(`UPDATE "Wheel" SET status = 'draft' WHERE id = $1`, wheel.id);
    clock.mockReturnValue(t + 1000);
    expect((await spinOn(c, wheel.slug)).status).toBe(404);
  });

  it("makes a spin refused on the remembered read again on a fresh one", async () => {
    const { wheel } = await campaignWheel(c, { starts_at: daysFromNow(-10), ends_at: daysFromNow(-1) }, [{ stock: 5 }]);
    at(Date.now());
    expect((await spinOn(c, wheel.slug)).status).toBe(410);
    // Reopened on another instance within the second: the remembered read still says ENDED.
    await elsewhere(`UPDATE "Wheel" SET "endsAt" = now() + interval '1 day' WHERE id = $1`, wheel.id);
    const reopened = await spinOn(c, wheel.slug);
    expect([reopened.status, reopened.body.result]).toEqual([201, "won"]);
    expect(await (await db()).spin.count({ where: { wheelId: wheel.id } })).toBe(1);
  });
});
