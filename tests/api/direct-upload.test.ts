// Direct uploads to Vercel Blob: the token is issued only to staff who manage products, only for
// their company's folder, only for images up to 5 MB; unsigned completion callbacks are refused.
import { afterEach, describe, expect, it } from "vitest";
import { POST as directRoute } from "@/app/api/products/upload/direct/route";
import { resetEnvCache } from "@/lib/env";
import { DIRECT_UPLOAD_OFF } from "@/lib/products/direct-upload";
import { MAX_IMAGE_BYTES } from "@/lib/storage/image-type";
import { addMember, createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

const BLOB_TOKEN = "vercel_blob_rw_teststore123_abcdefghijklmnopqrstuvwxyz0123";
const request = (pathname: string, clientPayload: string | null = null) => ({
  type: "blob.generate-client-token",
  payload: {
    pathname,
    callbackUrl: "http://localhost:3000/api/products/upload/direct",
    clientPayload,
    multipart: false,
  },
});
const hex = "0123456789abcdef0123456789abcdef";

function tokenClaims(clientToken: string) {
  // vercel_blob_client_{store}_{base64("hmac.base64(json)")}
  const encoded = clientToken.split("_").slice(4).join("_");
  const [, payload] = Buffer.from(encoded, "base64").toString().split(".");
  return JSON.parse(Buffer.from(payload, "base64").toString()) as Record<string, unknown>;
}

afterEach(() => {
  delete process.env.BLOB_READ_WRITE_TOKEN;
  resetEnvCache();
});

describe("POST /api/products/upload/direct", () => {
  it("issues a 5 MB, images-only token for the company's own folder, to owner and admin only", async () => {
    const c = await createCompany();
    const member = await addMember(c.companyId, "member");
    const admin = await addMember(c.companyId, "admin");
    const path = `products/${c.companyId}/${hex}.png`;

    const off = await call(directRoute, { token: c.owner.token, body: request(path) });
    expect([off.status, off.body.error]).toEqual([503, DIRECT_UPLOAD_OFF]);

    process.env.BLOB_READ_WRITE_TOKEN = BLOB_TOKEN;
    resetEnvCache();
    expect((await call(directRoute, { body: request(path) })).status).toBe(401);
    expect((await call(directRoute, { token: member.token, body: request(path) })).status).toBe(403);
    const other = await createCompany("Outra");
    expect(
      (await call(directRoute, { token: admin.token, body: request(`products/${other.companyId}/${hex}.png`) })).status,
    ).toBe(400);
    expect(
      (await call(directRoute, { token: admin.token, body: request(`products/${c.companyId}/${hex}.svg`) })).status,
    ).toBe(400);

    const ok = await call(directRoute, {
      token: admin.token,
      body: request(path, JSON.stringify({ product_id: null })),
    });
    expect(ok.status).toBe(200);
    const claims = tokenClaims(ok.body.clientToken);
    expect(claims.pathname).toBe(path);
    expect(claims.maximumSizeInBytes).toBe(MAX_IMAGE_BYTES);
    expect(claims.allowedContentTypes).toEqual(["image/png", "image/jpeg", "image/gif", "image/webp"]);
    // Blob will call back, so the stored bytes get sniffed and a non-image deleted.
    const callback = claims.onUploadCompleted as { callbackUrl: string; tokenPayload: string };
    expect(callback.callbackUrl).toBe("http://localhost:3000/api/products/upload/direct");
    expect(JSON.parse(callback.tokenPayload)).toEqual({ companyId: c.companyId, productId: null });
  });

  it("refuses a completion callback that Blob did not sign", async () => {
    process.env.BLOB_READ_WRITE_TOKEN = BLOB_TOKEN;
    resetEnvCache();
    const res = await call(directRoute, {
      headers: { "x-vercel-signature": "00".repeat(32) },
      body: {
        type: "blob.upload-completed",
        payload: { blob: { url: "https://x.public.blob.vercel-storage.com/a.png" }, tokenPayload: "{}" },
      },
    });
    expect(res.status).toBe(401);
  });
});
