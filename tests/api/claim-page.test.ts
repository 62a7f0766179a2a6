// The claim page's data and metadata: a won prize by company, wheel and code, the WhatsApp masked,
// the first name only, the state; never indexed; nothing for a lost spin or another company's code.
import { describe, expect, it } from "vitest";
import { generateMetadata } from "@/app/w/[companySlug]/[slug]/premio/[code]/page";
import { POST as redeemRoute } from "@/app/api/spins/redeem/route";
import { db } from "@/lib/db/client";
import { claimView } from "@/lib/redemption/claim";
import { maskWhatsapp } from "@/lib/redemption/hand-off";
import { campaignWheel } from "../helpers/campaign";
import { createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";

describe("claim page", () => {
  it("shows the prize, first name, masked WhatsApp, validity, state and a QR; noindex", async () => {
    const c = await createCompany("Loja Prêmio");
    const other = await createCompany("Outra Loja");
    const { wheel } = await campaignWheel(c, { redeem_within_days: 5 }, [{ name: "Caneca Personalizada", stock: 3 }]);
    const won = await call(spinRoute, {
      params: { companySlug: c.slug, wheel: wheel.slug },
      body: { name: "Maria Clara Souza", whatsapp: "(11) 98765-4321", consent: true },
    });
    expect(won.status).toBe(201);
    const code = won.body.redemption_code as string;
    const [, , companySlug, wheelSlug, , pathCode] = (won.body.claim_url as string).split("/");
    expect([companySlug, wheelSlug, pathCode]).toEqual([c.slug, wheel.slug, code]);

    const v = await claimView(c.slug, wheel.slug, code.toLowerCase());
    expect(v).toMatchObject({
      first_name: "Maria",
      whatsapp_masked: "+55 (11) 9••••-4321",
      prize: { name: "Caneca Personalizada" },
      code,
      status: "pending",
      redeem_until: won.body.redeem_until,
    });
    expect(JSON.stringify(v)).not.toContain("98765");
    expect(JSON.stringify(v)).not.toContain("Souza");
    expect(v!.qr_svg).toMatch(/^<svg/);
    // By the wheel's id too; another company's slug, another wheel or an unknown code: nothing.
    expect(await claimView(c.slug, wheel.id, code)).not.toBeNull();
    expect(await claimView(other.slug, wheel.slug, code)).toBeNull();
    expect(await claimView(c.slug, "outra-roleta", code)).toBeNull();
    expect(await claimView(c.slug, wheel.slug, "ZZZZ2222")).toBeNull();

    const meta = await generateMetadata({ params: Promise.resolve({ companySlug: c.slug, slug: wheel.slug, code }) });
    expect(meta.robots).toMatchObject({ index: false, follow: false });
    expect(String((meta.title as { absolute: string }).absolute)).toContain("Meu prêmio");

    // The state follows the counter: redeemed, then expired for another code.
    await call(redeemRoute, { token: c.owner.token, body: { redemption_code: code } });
    expect((await claimView(c.slug, wheel.slug, code))!.status).toBe("redeemed");
    await (
      await db()
    ).spin.updateMany({
      where: { companyId: c.companyId, redemptionCode: code },
      data: { redeemedAt: null, redeemUntil: new Date(Date.now() - 1000) },
    });
    expect((await claimView(c.slug, wheel.slug, code))!.status).toBe("expired");
  });

  it("masks only Brazilian numbers it can read", () => {
    expect(maskWhatsapp("+551134567890")).toBe("+55 (11) 3••••-7890");
    expect(maskWhatsapp("+1234")).toBe("••••");
  });
});
