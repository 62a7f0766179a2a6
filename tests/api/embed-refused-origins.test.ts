// The sites refused by a wheel's embed_origins (docs/decisions/embed.md "Refused sites are shown to
// the shop"; docs/api.md "The online store: the embed (issue 25)"): what the embed page takes as the
// framing site, the short list kept per wheel (newest first, at most 10, each site once, written at
// most once per site and wheel within the windows), what the API shows, and the header built from
// stored entries that an older rule let in (issue 37 #10).
import { describe, expect, it } from "vitest";
import { GET as wheelRoute } from "@/app/api/wheels/[id]/route";
import { db } from "@/lib/db/client";
import { embedFrameAncestors, embedWheel } from "@/lib/embed/frame-ancestors";
import { forgetRecentRefusals, framingOrigin, recordRefusedOrigin } from "@/lib/embed/refused-origins";
import { updateWheel } from "../helpers/campaign";
import { createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { createWheel } from "../helpers/catalogue";

const iframe = (referer: string | null, site = "cross-site") =>
  new Headers({ "sec-fetch-dest": "iframe", "sec-fetch-site": site, ...(referer && { referer }) });

describe("refused embed sites", () => {
  it("the framing site comes from an iframe's Referer, never from this site or a top-level visit", () => {
    expect(framingOrigin(iframe("https://www.Loja.com.br/produtos?x=1"))).toBe("https://www.loja.com.br");
    expect(framingOrigin(iframe("https://loja.com.br/", "same-origin"))).toBeNull();
    expect(framingOrigin(new Headers({ referer: "https://loja.com.br/" }))).toBeNull();
    expect(framingOrigin(iframe(null))).toBeNull();
    expect(framingOrigin(iframe("http://loja.com.br/"))).toBeNull();
    expect(framingOrigin(iframe("not a url"))).toBeNull();
  });

  it("keeps the 10 newest, each site once; the API shows those the list does not allow", async () => {
    const c = await createCompany();
    const wheel = await createWheel(c.owner.token);
    await updateWheel(c, wheel.id, { embed_origins: ["https://loja.com.br"] });
    const before = (await db()).wheel.findUniqueOrThrow({ where: { id: wheel.id } });
    const updatedAt = (await before).updatedAt;
    for (let i = 0; i < 12; i++) {
      forgetRecentRefusals();
      await recordRefusedOrigin(wheel.id, `https://site${i}.com.br`, new Date(Date.UTC(2026, 10, 1, 0, i)));
    }
    forgetRecentRefusals();
    await recordRefusedOrigin(wheel.id, "https://site5.com.br", new Date(Date.UTC(2026, 10, 2)));
    // Within its windows a site (or any site of the wheel) is not written again.
    await recordRefusedOrigin(wheel.id, "https://site5.com.br", new Date(Date.UTC(2026, 10, 3)));
    await recordRefusedOrigin(wheel.id, "https://outra.com.br", new Date(Date.UTC(2026, 10, 3)));

    const got = await call(wheelRoute, { token: c.owner.token, params: { id: wheel.id } });
    const refused = got.body.wheel.embed_refused_origins as { origin: string; at: string }[];
    expect(refused.map((r) => r.origin)).toEqual([
      "https://site5.com.br",
      "https://site11.com.br",
      "https://site10.com.br",
      "https://site9.com.br",
      "https://site8.com.br",
      "https://site7.com.br",
      "https://site6.com.br",
      "https://site4.com.br",
      "https://site3.com.br",
      "https://site2.com.br",
    ]);
    expect(refused[0].at).toBe("2026-11-02T00:00:00.000Z");
    // Recording is no edit of the wheel.
    expect((await (await db()).wheel.findUniqueOrThrow({ where: { id: wheel.id } })).updatedAt).toEqual(updatedAt);

    // Allowed now: no longer shown; an empty list allows every site, so none is.
    const allowed = await updateWheel(c, wheel.id, { embed_origins: ["https://loja.com.br", "https://site5.com.br"] });
    expect(allowed.body.wheel.embed_refused_origins.map((r: { origin: string }) => r.origin)).not.toContain(
      "https://site5.com.br",
    );
    expect((await updateWheel(c, wheel.id, { embed_origins: [] })).body.wheel.embed_refused_origins).toEqual([]);

    // Another company cannot read them.
    const other = await createCompany();
    expect((await call(wheelRoute, { token: other.owner.token, params: { id: wheel.id } })).status).toBe(404);
  });

  it("a stored entry an older rule let in never reaches frame-ancestors, nor opens the wheel to any site", async () => {
    const c = await createCompany();
    const wheel = await createWheel(c.owner.token, { status: "active" });
    const prisma = await db();
    await prisma.wheel.update({
      where: { id: wheel.id },
      data: { embedOrigins: ["https://shop.com;sandbox", "https://ok.com.br"] },
    });
    expect(await embedFrameAncestors(`/embed/${c.slug}/${wheel.slug}`)).toBe("'self' https://ok.com.br");
    await prisma.wheel.update({
      where: { id: wheel.id },
      data: { embedOrigins: ["https://shop.com;report-uri https://attacker.example"] },
    });
    expect(await embedWheel(c.slug, wheel.slug)).toEqual({ id: wheel.id, origins: [] });
  });
});
