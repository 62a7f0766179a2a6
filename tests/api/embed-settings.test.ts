// A wheel's embed settings (docs/api.md "The online store: the embed (issue 25)"): embed_origins and
// coupon_url through GET/PUT /wheels/{id}, their validation, the won spin's coupon link, and no
// company reading or writing another's.
import { describe, expect, it } from "vitest";
import { GET as wheelRoute, PUT as updateRoute } from "@/app/api/wheels/[id]/route";
import { GET as listRoute } from "@/app/api/wheels/route";
import { db } from "@/lib/db/client";
import { campaignWheel, spinOn, updateWheel } from "../helpers/campaign";
import { addMember, createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { createWheel } from "../helpers/catalogue";

const ORIGIN_ERROR =
  "Origem inválida: use https://dominio.com.br (com porta, se houver), sem caminho; http só para localhost";
const COUPON_ERROR =
  "Link do cupom inválido: use um endereço https://, por exemplo https://loja.com.br/desconto/{code}";

describe("wheel embed settings", () => {
  it("default to none, are saved normalised, read back by GET and the list, and cleared", async () => {
    const c = await createCompany();
    const wheel = await createWheel(c.owner.token);
    const before = await call(wheelRoute, { token: c.owner.token, params: { id: wheel.id } });
    expect(before.body.wheel).toMatchObject({ embed_origins: [], coupon_url: null });

    const saved = await updateWheel(c, wheel.id, {
      embed_origins: [
        "https://Loja.com.br/",
        "https://loja.com.br",
        "https://www.loja.com.br:8443",
        "http://localhost:3214",
      ],
      coupon_url: "https://loja.com.br/discount/{code}",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.wheel).toMatchObject({
      embed_origins: ["https://loja.com.br", "https://www.loja.com.br:8443", "http://localhost:3214"],
      coupon_url: "https://loja.com.br/discount/{code}",
    });
    const got = await call(wheelRoute, { token: c.owner.token, params: { id: wheel.id } });
    expect(got.body.wheel.embed_origins).toEqual(saved.body.wheel.embed_origins);
    const list = await call(listRoute, { token: c.owner.token, url: "/api/wheels?page=1&limit=100" });
    expect(list.body.wheels[0]).toMatchObject({ coupon_url: "https://loja.com.br/discount/{code}" });

    // Another field's update leaves them alone; empty values clear them.
    const renamed = await updateWheel(c, wheel.id, { name: "Outro nome" });
    expect(renamed.body.wheel.embed_origins).toHaveLength(3);
    const cleared = await updateWheel(c, wheel.id, { embed_origins: [], coupon_url: "" });
    expect(cleared.body.wheel).toMatchObject({ embed_origins: [], coupon_url: null });
    expect((await updateWheel(c, wheel.id, { coupon_url: null })).status).toBe(200);
  });

  it("refuses origins with paths, other schemes, wildcards or too many, and coupon links that are not https", async () => {
    const c = await createCompany();
    const wheel = await createWheel(c.owner.token);
    const badOrigins = [
      "http://loja.com.br",
      "https://loja.com.br/loja",
      "https://loja.com.br?x=1",
      "https://*.loja.com.br",
      "https://user:pw@loja.com.br",
      "javascript:alert(1)",
      "loja.com.br",
      "https://loja.com.br; script-src *",
      "https://loja.com.br https://evil.com",
      "",
      // issue 37 #10: URL parsing keeps these characters in an origin, and the CSP header would read
      // them as the end of frame-ancestors and a directive of the tenant's choosing.
      "https://shop.com;sandbox",
      "https://shop.com;report-uri",
      "https://shop.com,evil.com",
      "https://sh'op.com",
      'https://shop.com"x',
      "https://shop_x.com",
      "https://a..b",
      "https://shop.com.",
      "https://shop.com:0",
    ];
    for (const origin of badOrigins) {
      const res = await updateWheel(c, wheel.id, { embed_origins: [origin] });
      expect(res.status, origin).toBe(400);
      expect(res.body.error, origin).toBe(ORIGIN_ERROR);
    }
    // The wrong line is named (the wizard points at it).
    const second = await updateWheel(c, wheel.id, {
      embed_origins: ["https://loja.com.br", "https://shop.com;sandbox"],
    });
    expect(second.body.details.fields).toEqual({ "embed_origins.1": ORIGIN_ERROR });
    const many = Array.from({ length: 21 }, (_, i) => `https://loja${i}.com.br`);
    const tooMany = await updateWheel(c, wheel.id, { embed_origins: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe("Informe no máximo 20 origens");
    expect((await updateWheel(c, wheel.id, { embed_origins: "https://loja.com.br" })).status).toBe(400);

    for (const url of ["http://loja.com.br/{code}", "javascript:alert('{code}')", "loja.com.br/{code}", "https://"]) {
      const res = await updateWheel(c, wheel.id, { coupon_url: url });
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toBe(COUPON_ERROR);
    }
    const long = await updateWheel(c, wheel.id, { coupon_url: `https://loja.com.br/${"a".repeat(500)}` });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe("O link do cupom deve ter no máximo 500 caracteres");
    // Nothing was written by the refusals.
    const prisma = await db();
    expect(await prisma.wheel.findUniqueOrThrow({ where: { id: wheel.id } })).toMatchObject({
      embedOrigins: [],
      couponUrl: null,
    });
  });

  it("fills the code into the won spin's coupon_url; a lost spin has none", async () => {
    const c = await createCompany();
    const { wheel } = await campaignWheel(c, {}, [{ name: "Cupom 10%", stock: 2 }]);
    await updateWheel(c, wheel.id, { coupon_url: "https://loja.com.br/discount/{code}?ref=roleta" });
    const won = await spinOn(c, wheel.slug);
    expect(won.status).toBe(201);
    expect(won.body.coupon_url).toBe(`https://loja.com.br/discount/${won.body.redemption_code}?ref=roleta`);

    // Nearly every spin loses now; a lost spin offers no coupon.
    const prisma = await db();
    await prisma.wheel.update({ where: { id: wheel.id }, data: { noPrizeWeight: 1_000_000 } });
    let lost = await spinOn(c, wheel.slug);
    for (let i = 0; i < 5 && lost.body.result !== "lost"; i++) lost = await spinOn(c, wheel.slug);
    expect(lost.body.result).toBe("lost");
    expect(lost.body).not.toHaveProperty("coupon_url");
  });

  it("another company can neither read nor set them; a member cannot set them", async () => {
    const a = await createCompany();
    const b = await createCompany();
    const wheel = await createWheel(a.owner.token);
    await updateWheel(a, wheel.id, {
      embed_origins: ["https://loja-a.com.br"],
      coupon_url: "https://loja-a.com.br/{code}",
    });

    const read = await call(wheelRoute, { token: b.owner.token, params: { id: wheel.id } });
    expect(read.status).toBe(404);
    expect(read.text).not.toContain("loja-a.com.br");
    const write = await call(updateRoute, {
      method: "PUT",
      token: b.owner.token,
      params: { id: wheel.id },
      body: { embed_origins: ["https://evil.example"], coupon_url: "https://evil.example/{code}" },
    });
    expect(write.status).toBe(404);
    const member = await addMember(a.companyId, "member");
    const memberWrite = await call(updateRoute, {
      method: "PUT",
      token: member.token,
      params: { id: wheel.id },
      body: { embed_origins: ["https://evil.example"] },
    });
    expect(memberWrite.status).toBe(403);
    const anonymous = await call(updateRoute, { method: "PUT", params: { id: wheel.id }, body: { embed_origins: [] } });
    expect(anonymous.status).toBe(401);

    const prisma = await db();
    expect(await prisma.wheel.findUniqueOrThrow({ where: { id: wheel.id } })).toMatchObject({
      embedOrigins: ["https://loja-a.com.br"],
      couponUrl: "https://loja-a.com.br/{code}",
    });
  });
});
