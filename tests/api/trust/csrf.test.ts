// Cross-site request forgery (issue 17, finding 6): writes signed in by the browser's session
// cookie must be same-origin JSON. The cookie here is a real next-auth session cookie, the one
// the sign-in sets; Bearer calls are not affected.
import QRCode from "qrcode";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as uploadRoute } from "@/app/api/products/upload/route";
import { POST as productsRoute } from "@/app/api/products/route";
import { GET as profileGet, PUT as profileRoute } from "@/app/api/user/profile/route";
import { DELETE as deleteProductRoute } from "@/app/api/products/[id]/route";
import { issueToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db/client";
import { createProduct } from "../../helpers/catalogue";
import { createCompany, type TestCompany } from "../../helpers/fixtures";
import { call } from "../../helpers/http";

const SITE = "http://localhost:3000";
let c: TestCompany;
let cookie: string;

beforeAll(async () => {
  c = await createCompany();
  const prisma = await db();
  const user = await prisma.user.findUniqueOrThrow({ where: { id: c.owner.id } });
  const jwt = await issueToken({ sub: user.id, cid: c.companyId, sv: user.sessionVersion });
  cookie = `next-auth.session-token=${jwt}`;
});

const rename = (name: string, headers: Record<string, string>) =>
  call(profileRoute, { method: "PUT", rawBody: JSON.stringify({ name }), headers: { cookie, ...headers } });

const currentName = async () => (await (await db()).user.findUniqueOrThrow({ where: { id: c.owner.id } })).name;

describe("cookie-session writes", () => {
  it("from this site, as JSON, go through (Origin, or Sec-Fetch-Site without one)", async () => {
    const byOrigin = await rename("Nome Pela Origem", { "content-type": "application/json", origin: SITE });
    expect(byOrigin.status).toBe(200);
    expect(await currentName()).toBe("Nome Pela Origem");
    const byFetchSite = await rename("Nome Pelo Fetch", {
      "content-type": "application/json; charset=utf-8",
      "sec-fetch-site": "same-origin",
    });
    expect(byFetchSite.status).toBe(200);
    expect(await currentName()).toBe("Nome Pelo Fetch");
  });

  it("text/plain (what a cross-site form can send) answers 415 and changes nothing", async () => {
    const before = await currentName();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const r = await rename("Forjado", { "content-type": type, origin: SITE });
      expect(r.status, type).toBe(415);
      expect(r.body.error).toBe("Envie os dados em JSON (Content-Type: application/json).");
    }
    expect(await currentName()).toBe(before);
  });

  it("another origin, a sibling subdomain, a null origin or no origin at all answer 403 CSRF", async () => {
    const before = await currentName();
    const refused: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "http://loja.localhost:3000", "sec-fetch-site": "same-site" },
      { origin: "http://localhost:3001" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      {},
    ];
    for (const headers of refused) {
      const r = await rename("Forjado", { "content-type": "application/json", ...headers });
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(r.body).toEqual({ error: "Requisição recusada: ela não partiu deste site.", code: "CSRF" });
    }
    expect(await currentName()).toBe(before);
    const created = await call(productsRoute, {
      rawBody: JSON.stringify({ name: "Brinde Forjado", description: "x", stock: 1, weight: 1 }),
      headers: { cookie, "content-type": "application/json", origin: "https://evil.example" },
    });
    expect(created.status).toBe(403);
    expect(await (await db()).product.count({ where: { companyId: c.companyId, name: "Brinde Forjado" } })).toBe(0);
  });

  it("reads are not writes; a bodiless DELETE from this site needs no Content-Type", async () => {
    const read = await call(profileGet, { headers: { cookie, origin: "https://evil.example" } });
    expect(read.status).toBe(200);
    const product = await createProduct(c.owner.token);
    const del = await call(deleteProductRoute, {
      method: "DELETE",
      params: { id: product.id },
      headers: { cookie, origin: SITE },
    });
    expect(del.status).toBe(200);
  });

  it("an upload route takes multipart from this site, and only from it", async () => {
    const form = new FormData();
    const png = new Uint8Array(await QRCode.toBuffer("csrf", { type: "png" }));
    form.append("image", new Blob([png as BlobPart], { type: "image/png" }), "foto.png");
    const req = new Request(`${SITE}/api/products/upload`, { method: "POST", body: form });
    const body = new Uint8Array(await req.arrayBuffer());
    const type = req.headers.get("content-type")!;
    const ok = await call(uploadRoute, { rawBody: body, headers: { cookie, "content-type": type, origin: SITE } });
    expect(ok.status).toBe(200);
    const cross = await call(uploadRoute, {
      rawBody: body,
      headers: { cookie, "content-type": type, origin: "https://evil.example" },
    });
    expect(cross.status).toBe(403);
  });
});

describe("Bearer-token writes", () => {
  it("are not affected: no Origin needed, any Origin accepted", async () => {
    const plain = await call(profileRoute, { method: "PUT", token: c.owner.token, body: { name: "Pelo Token" } });
    expect(plain.status).toBe(200);
    const foreign = await call(profileRoute, {
      method: "PUT",
      token: c.owner.token,
      body: { name: "Pelo Token De Fora" },
      headers: { origin: "https://integracao.example" },
    });
    expect(foreign.status).toBe(200);
    expect(await currentName()).toBe("Pelo Token De Fora");
  });

  it("a Bearer header decides the session even when a cookie is present", async () => {
    const other = await createCompany();
    const r = await call(profileRoute, {
      method: "PUT",
      token: other.owner.token,
      body: { name: "Dono Da Outra" },
      headers: { cookie },
    });
    expect(r.status).toBe(200);
    expect(r.body.user.id).toBe(other.owner.id);
  });
});
