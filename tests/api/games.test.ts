// A wheel's game (docs/api.md "Games on the same draw"): `game` through POST/GET/PUT
// /wheels, its validation and default, the public payload and the rules page that name it, and no
// other company or lower role changing it.
import { describe, expect, it } from "vitest";
import { GET as publicRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/route";
import { POST as createRoute, GET as listRoute } from "@/app/api/wheels/route";
import RulesPage from "@/app/w/[companySlug]/[slug]/regulamento/page";
import { campaignWheel, getWheel, spinOn, updateWheel } from "../helpers/campaign";
import { addMember, createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { createWheel } from "../helpers/catalogue";
import { getPage } from "../helpers/pages";

const GAME_ERROR = "Jogo inválido: use wheel, scratch ou gift";

const publicWheel = (companySlug: string, wheel: string) => call(publicRoute, { params: { companySlug, wheel } });

describe("wheel game", () => {
  it("defaults to wheel, is saved by POST and PUT, and read back by GET and the list", async () => {
    const c = await createCompany();
    const plain = await createWheel(c.owner.token);
    expect((await getWheel(c, plain.id)).body.wheel.game).toBe("wheel");

    const scratch = await createWheel(c.owner.token, { game: "scratch" });
    expect(scratch).toMatchObject({ game: "scratch" });
    expect((await getWheel(c, scratch.id)).body.wheel.game).toBe("scratch");

    const saved = await updateWheel(c, plain.id, { game: "gift" });
    expect(saved.status).toBe(200);
    expect(saved.body.wheel.game).toBe("gift");
    // Another field's update leaves the game alone.
    expect((await updateWheel(c, plain.id, { name: "Outro nome" })).body.wheel.game).toBe("gift");
    const list = await call(listRoute, { token: c.owner.token, url: "/api/wheels?page=1&limit=100" });
    expect(Object.fromEntries(list.body.wheels.map((w: { id: string; game: string }) => [w.id, w.game]))).toEqual({
      [plain.id]: "gift",
      [scratch.id]: "scratch",
    });
  });

  it("refuses an unknown game with a pt-BR message on the field, on create and update", async () => {
    const c = await createCompany();
    const wheel = await createWheel(c.owner.token);
    for (const game of ["slot", "cards", "", "WHEEL", 1, null]) {
      const res = await updateWheel(c, wheel.id, { game });
      expect(res.status, String(game)).toBe(400);
      expect(res.body.error, String(game)).toBe(GAME_ERROR);
      expect(res.body.details.fields, String(game)).toEqual({ game: GAME_ERROR });
    }
    const created = await call(createRoute, {
      token: c.owner.token,
      body: { name: "Caça-níquel", slug: "caca-niquel", game: "slot" },
    });
    expect(created.status).toBe(400);
    expect(created.body.details.fields).toEqual({ game: GAME_ERROR });
    expect((await getWheel(c, wheel.id)).body.wheel.game).toBe("wheel");
  });

  it("is changed neither by another company nor by a member", async () => {
    const c = await createCompany();
    const other = await createCompany("Outra loja");
    const wheel = await createWheel(c.owner.token);
    const foreign = await updateWheel(other, wheel.id, { game: "scratch" });
    expect(foreign.status).toBe(404);
    const member = await addMember(c.companyId, "member");
    const byMember = await updateWheel({ ...c, owner: { ...c.owner, token: member.token } }, wheel.id, {
      game: "scratch",
    });
    expect(byMember.status).toBe(403);
    expect((await getWheel(c, wheel.id)).body.wheel.game).toBe("wheel");
  });

  it("is in the public payload, leaves the spin's answer alone, and is named by the rules page", async () => {
    const c = await createCompany("Loja do Jogo");
    const { wheel } = await campaignWheel(c, { game: "scratch" }, [{ name: "Boné", stock: 3 }]);
    const pub = await publicWheel(c.slug, wheel.slug);
    expect(pub.status).toBe(200);
    expect(pub.body.wheel.game).toBe("scratch");
    const spin = await spinOn(c, wheel.slug);
    expect(spin.status).toBe(201);
    expect(spin.body.prize?.name).toBe("Boné");

    const rules = await getPage(RulesPage, { companySlug: c.slug, slug: wheel.slug });
    expect(rules.status).toBe(200);
    expect(rules.html).toContain("raspe a raspadinha");
    expect(rules.html).toContain("Jogo: Raspadinha.");

    await updateWheel(c, wheel.id, { game: "gift" });
    expect((await publicWheel(c.slug, wheel.slug)).body.wheel.game).toBe("gift");
    const gift = await getPage(RulesPage, { companySlug: c.slug, slug: wheel.slug });
    expect(gift.html).toContain("Jogo: Abra o presente.");
    await updateWheel(c, wheel.id, { game: "wheel" });
    const roleta = await getPage(RulesPage, { companySlug: c.slug, slug: wheel.slug });
    expect(roleta.html).toContain("gire a roleta");
    expect(roleta.html).toContain("Jogo: Roleta.");
  });
});
