// The rules page's data: prizes with their quantities (already won here plus left), the published
// odds with the no-prize segment, and nothing for a draft or another company's wheel.
import { describe, expect, it } from "vitest";
import { rulesPageData } from "@/lib/spins/rules-page";
import { campaignWheel, spinOn, updateWheel } from "../helpers/campaign";
import { createCompany } from "../helpers/fixtures";

describe("rules page data", () => {
  it("lists every prize with its quantity and odds, for the active wheel of that company only", async () => {
    const c = await createCompany("Regulamento");
    const other = await createCompany("Outra");
    const { wheel } = await campaignWheel(c, { no_prize_weight: 2, authorization_number: "04.000001/2026" }, [
      { name: "Boné", stock: 3, weight: 1, daily_limit: 1 },
      { name: "Copo", stock: 5, weight: 1 },
    ]);
    // Whatever this spin gives, a win only moves a unit from the stock to "won": the quantity stays.
    await spinOn(c, wheel.slug);
    const data = await rulesPageData(c.slug, wheel.slug);
    expect(data?.prizes.map((p) => [p.name, p.quantity, p.probability, p.dailyLimit])).toEqual([
      ["Boné", 3, 25, 1],
      ["Copo", 5, 25, null],
    ]);
    expect(data?.noPrizeProbability).toBe(50);
    expect(data?.wheel.authorizationNumber).toBe("04.000001/2026");
    expect(await rulesPageData(other.slug, wheel.slug)).toBeNull();
    expect(await rulesPageData(c.slug, wheel.id)).not.toBeNull();
    await updateWheel(c, wheel.id, { status: "draft" });
    expect(await rulesPageData(c.slug, wheel.slug)).toBeNull();
  });
});
