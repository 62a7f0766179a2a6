// Counter-mode wheels keep their live spin count to themselves (docs/api.md "Campaigns"): with it a
// visitor could wait for the spin numbered by a prize's "ganha a cada" and take it. The public
// answer gives total_spins: null, and neither the wheel page nor the rules page shows the count.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GET as wheelRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/route";
import PublicWheelPage from "@/app/w/[companySlug]/[slug]/page";
import RulesPage from "@/app/w/[companySlug]/[slug]/regulamento/page";
import { campaignWheel, spinOn } from "../helpers/campaign";
import { createCompany, type TestCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

const publicAnswer = (c: TestCompany, wheel: string) => call(wheelRoute, { params: { companySlug: c.slug, wheel } });

async function pageHtml(c: TestCompany, slug: string, page: "wheel" | "rules") {
  const params = Promise.resolve({ companySlug: c.slug, slug });
  const element =
    page === "wheel"
      ? await PublicWheelPage({ params, searchParams: Promise.resolve({}) })
      : await RulesPage({ params });
  return renderToStaticMarkup(element);
}

describe("a counter wheel's spin count", () => {
  it("is null in the public answer and shown on neither page; a random wheel still shows its own", async () => {
    const c = await createCompany("Loja Contador");
    const { wheel } = await campaignWheel(c, { draw_mode: "counter" }, [{ name: "Boné", stock: 9, win_every: 5 }]);
    for (let i = 0; i < 3; i++) expect((await spinOn(c, wheel.slug)).status).toBe(201);

    for (const ref of [wheel.slug, wheel.id]) {
      const res = await publicAnswer(c, ref);
      expect(res.status).toBe(200);
      expect(res.body.wheel.draw_mode).toBe("counter");
      expect(res.body.wheel.total_spins).toBeNull();
    }
    const wheelPage = await pageHtml(c, wheel.slug, "wheel");
    expect(wheelPage).toContain("Começar");
    expect(wheelPage).not.toMatch(/giros? realizados?/);
    const rulesPage = await pageHtml(c, wheel.slug, "rules");
    expect(rulesPage).toContain("Regulamento da promoção");
    expect(rulesPage).not.toMatch(/\b3 (giros|participações)\b/);

    // A random wheel's count predicts nothing: it stays public.
    const random = await campaignWheel(c, { name: "Roleta Sorte" }, [{ stock: 9 }]);
    for (let i = 0; i < 2; i++) expect((await spinOn(c, random.wheel.slug)).status).toBe(201);
    expect((await publicAnswer(c, random.wheel.slug)).body.wheel.total_spins).toBe(2);
    expect(await pageHtml(c, random.wheel.slug, "wheel")).toMatch(/2 giros realizados/);
  });
});
