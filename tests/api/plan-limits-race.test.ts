// Plan limits under parallel requests (docs/decisions/billing.md "Plan limits under concurrent writes"): with k
// left, any number of simultaneous creates or spins succeed exactly k times and the rest answer 402.
// The creates' race needs several connections to show (Postgres, as CI runs it); the spins' race
// shows on PGlite too, whose one connection interleaved a separate count and write.
import { describe, expect, it } from "vitest";
import { POST as createProductRoute } from "@/app/api/products/route";
import { DELETE as deleteWheelRoute } from "@/app/api/wheels/[id]/route";
import { POST as createWheelRoute } from "@/app/api/wheels/route";
import { db } from "@/lib/db/client";
import { campaignWheel, daysFromNow, newPhone, spinOn } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

async function toFree(companyId: string) {
  const prisma = await db();
  await prisma.subscription.update({ where: { companyId }, data: { planId: "free", status: "active", endsAt: null } });
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** n at once, each from its own address (the per-address limits are not under test). */
const burst = <T>(n: number, run: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => run(i)));
const ip = (i: number) => `10.88.${Math.floor(i / 250)}.${i % 250}`;

const newProducts = (c: TestCompany, n: number) =>
  burst(n, (i) =>
    call(createProductRoute, { token: c.owner.token, body: { name: `Corrida ${i}`, description: "x" }, ip: ip(i) }),
  );
const newWheels = (c: TestCompany, n: number, tag: string) =>
  burst(n, (i) =>
    call(createWheelRoute, { token: c.owner.token, body: { name: `Roleta ${i}`, slug: `${tag}-${i}` }, ip: ip(i) }),
  );

/** `n` spins recorded this month on the wheel, as the months' earlier visitors left them. */
async function spinsThisMonth(c: TestCompany, wheelId: string, n: number) {
  const prisma = await db();
  await prisma.spin.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      companyId: c.companyId,
      wheelId,
      wheelName: "x",
      customerName: "x",
      whatsapp: `+55119${String(i).padStart(8, "0")}`,
      consentAt: new Date(),
      consentVersion: "t",
    })),
  });
}

// Bursts of 30 requests on a shared CI machine: more than the default 30 s.
describe("plan limits under parallel requests", { timeout: 120_000 }, () => {
  it("Free: 30 product creates with 10 left create exactly 10; the rest answer 402", async () => {
    const c = await createCompany("Corrida de produtos");
    await toFree(c.companyId);
    const results = await newProducts(c, 30);
    const statuses = results.map((r) => r.status);
    expect(count(statuses, 201)).toBe(10);
    expect(count(statuses, 402)).toBe(20);
    const refused = results.find((r) => r.status === 402)!;
    expect(refused.body.code).toBe("PLAN_LIMIT");
    expect(refused.body.error).toContain("10 produtos");
    expect(await (await db()).product.count({ where: { companyId: c.companyId } })).toBe(10);
  });

  it("Free: 20 wheel creates with 1 left create exactly 1; after a deletion, again exactly 1", async () => {
    const c = await createCompany("Corrida de roletas");
    await toFree(c.companyId);
    const prisma = await db();
    const first = (await newWheels(c, 20, "a")).map((r) => r.status);
    expect(count(first, 201)).toBe(1);
    expect(count(first, 402)).toBe(19);
    const [wheel] = await prisma.wheel.findMany({ where: { companyId: c.companyId } });

    const del = await call(deleteWheelRoute, { method: "DELETE", token: c.owner.token, params: { id: wheel.id } });
    expect(del.status).toBe(200);
    const again = await newWheels(c, 20, "b");
    expect(
      count(
        again.map((r) => r.status),
        201,
      ),
    ).toBe(1);
    expect(again.find((r) => r.status === 402)!.body.error).toContain("1 roleta");
    expect(await prisma.wheel.count({ where: { companyId: c.companyId } })).toBe(1);
  });

  it("Free: 30 spins at 195 of 200 this month: exactly 5 are recorded, the rest answer 402", async () => {
    const c = await createCompany("Corrida de giros");
    const { wheel } = await campaignWheel(c, {}, [{ stock: 100 }]);
    await toFree(c.companyId);
    await spinsThisMonth(c, wheel.id, 195);
    const results = await burst(30, (i) => spinOn(c, wheel.slug, newPhone(), ip(i)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 201 && s !== 402)).toEqual([]);
    expect(count(statuses, 201)).toBe(5);
    const refused = results.find((r) => r.status === 402)!;
    expect(refused.body.code).toBe("PLAN_LIMIT");
    expect(refused.body.error).toContain("limite de participações");
    const prisma = await db();
    expect(await prisma.spin.count({ where: { companyId: c.companyId } })).toBe(200);
    // Nothing of a refused spin is kept: the wheel counted and the stock gave exactly 5.
    expect((await prisma.wheel.findUniqueOrThrow({ where: { id: wheel.id } })).spinCount).toBe(5);
    expect((await prisma.product.findFirstOrThrow({ where: { companyId: c.companyId } })).stock).toBe(95);
  });

  it.each([
    ["lost spins (random, almost all the weight on no prize)", { no_prize_weight: 1_000_000 }, [{ stock: 5 }]],
    ["a prize with a daily limit (random)", {}, [{ stock: 50, daily_limit: 40 }]],
    ["counter mode", { draw_mode: "counter" }, [{ stock: 50, win_every: 2 }]],
    ["moments mode", { draw_mode: "moments", starts_at: daysFromNow(-1), ends_at: daysFromNow(1) }, [{ stock: 20 }]],
  ])("Free: the monthly limit holds for %s", async (_, rules, prizes) => {
    const c = await createCompany("Corrida de modos");
    const { wheel } = await campaignWheel(c, rules, prizes);
    await toFree(c.companyId);
    await spinsThisMonth(c, wheel.id, 197);
    const statuses = (await burst(12, (i) => spinOn(c, wheel.slug, newPhone(), ip(i)))).map((r) => r.status);
    expect(statuses.filter((s) => s !== 201 && s !== 402)).toEqual([]);
    expect(count(statuses, 201)).toBe(3);
    expect(await (await db()).spin.count({ where: { companyId: c.companyId } })).toBe(200);
  });

  it("Pro: the same bursts are all accepted", async () => {
    const c = await createCompany("Corrida Pro");
    const prisma = await db();
    await prisma.subscription.update({
      where: { companyId: c.companyId },
      data: { planId: "pro", status: "active", endsAt: null },
    });
    expect(
      count(
        (await newProducts(c, 30)).map((r) => r.status),
        201,
      ),
    ).toBe(30);
    expect(
      count(
        (await newWheels(c, 20, "p")).map((r) => r.status),
        201,
      ),
    ).toBe(20);

    const { wheel } = await campaignWheel(c, {}, [{ stock: 100 }]);
    await spinsThisMonth(c, wheel.id, 250);
    const statuses = (await burst(30, (i) => spinOn(c, wheel.slug, newPhone(), ip(i)))).map((r) => r.status);
    expect(count(statuses, 201)).toBe(30);
    expect(await prisma.product.count({ where: { companyId: c.companyId } })).toBe(31);
    expect(await prisma.wheel.count({ where: { companyId: c.companyId } })).toBe(21);
  });
});
