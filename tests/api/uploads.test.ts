import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { POST as uploadRoute } from "@/app/api/products/upload/route";
import { POST as uploadForRoute } from "@/app/api/products/upload/[id]/route";
import { GET as serveRoute } from "@/app/uploads/[...key]/route";
import { db } from "@/lib/db/client";
import { addMember, createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { createProduct } from "../helpers/catalogue";

function multipart(bytes: Uint8Array, type: string, name = "foto.png") {
  const form = new FormData();
  form.append("image", new Blob([bytes as BlobPart], { type }), name);
  return form;
}

async function send(token: string, form: FormData, route = uploadRoute, params?: Record<string, string>) {
  const req = new Request("http://localhost/api/products/upload", { method: "POST", body: form });
  const body = new Uint8Array(await req.arrayBuffer());
  return call(route, { token, rawBody: body, params, headers: { "content-type": req.headers.get("content-type")! } });
}

describe("product image upload", () => {
  it("accepts a real PNG, stores it under a random key and serves it back byte for byte", async () => {
    const c = await createCompany();
    const png = new Uint8Array(await QRCode.toBuffer("ola", { type: "png" }));
    const res = await send(c.owner.token, multipart(png, "image/png"));
    expect(res.status).toBe(200);
    expect(res.body.imageUrl).toMatch(new RegExp(`^/uploads/${c.companyId}/[0-9a-f]{48}\\.png$`));
    const key = res.body.imageUrl.replace("/uploads/", "").split("/");
    const served = await serveRoute(new Request(`http://localhost${res.body.imageUrl}`), {
      params: Promise.resolve({ key }),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(png))).toBe(true);
  });

  it("refuses text, HTML and SVG labelled image/png with 415", async () => {
    const c = await createCompany();
    const bodies = [
      "hello, not an image",
      "<html><script>alert(1)</script></html>",
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ];
    for (const text of bodies) {
      const res = await send(c.owner.token, multipart(new TextEncoder().encode(text), "image/png"));
      expect(res.status).toBe(415);
      expect(res.body.error).toBe("Por favor, selecione uma imagem válida");
    }
  });

  it("refuses more than 5 MB with 413, even when Content-Length lies", async () => {
    const c = await createCompany();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const res = await send(c.owner.token, multipart(big, "image/png"));
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("Imagem muito grande. Tamanho máximo: 5MB");
    const form = multipart(new Uint8Array(6 * 1024 * 1024), "image/png");
    const req = new Request("http://localhost/x", { method: "POST", body: form });
    const body = new Uint8Array(await req.arrayBuffer());
    const lying = await call(uploadRoute, {
      token: c.owner.token,
      rawBody: body,
      headers: { "content-type": req.headers.get("content-type")!, "content-length": "100" },
    });
    expect(lying.status).toBe(413);
  });

  it("stores the URL on the product with /upload/{id}; another company's product is 404; members 403", async () => {
    const a = await createCompany();
    const b = await createCompany();
    const mine = await createProduct(a.owner.token);
    const theirs = await createProduct(b.owner.token);
    const png = new Uint8Array(await QRCode.toBuffer("x", { type: "png" }));
    const ok = await send(a.owner.token, multipart(png, "image/png"), uploadForRoute, { id: mine.id });
    expect(ok.status).toBe(200);
    const prisma = await db();
    expect((await prisma.product.findUniqueOrThrow({ where: { id: mine.id } })).imageUrl).toBe(ok.body.imageUrl);
    const cross = await send(a.owner.token, multipart(png, "image/png"), uploadForRoute, { id: theirs.id });
    expect(cross.status).toBe(404);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: theirs.id } })).imageUrl).toBeNull();
    const member = await addMember(a.companyId, "member");
    expect((await send(member.token, multipart(png, "image/png"))).status).toBe(403);
  });
});
