// Direct uploads to Vercel Blob (@vercel/blob client upload). On Vercel a request body stops at
// 4.5 MB, below our 5 MB image limit, so the browser sends the file straight to Blob with a
// short-lived token we issue here, under the same rules: only staff who manage products, only
// raster image types, at most 5 MB, under the company's own folder with a random key. When Blob
// reports the upload finished, its first bytes are sniffed like any upload and anything that is
// not really an image is deleted.
import { handleUpload, type HandleUploadBody } from "@vercel/blob/client";
import type { NextRequest } from "next/server";
import { can } from "@/lib/auth/permissions";
import { resolveSession } from "@/lib/auth/session";
import { tenantDb } from "@/lib/db/tenant";
import { env } from "@/lib/env";
import { assertSameOriginWrite } from "@/lib/http/csrf";
import { AppError, badRequest, forbidden, unauthenticated } from "@/lib/errors";
import { parseJsonText } from "@/lib/http/input-text";
import { readBodyText } from "@/lib/http/read-body";
import { MAX_IMAGE_BYTES, MIME_BY_EXT, sniffImage } from "@/lib/storage/image-type";

export const DIRECT_UPLOAD_OFF = "Envio direto de imagens não está ativo: use o envio normal.";

const tokenPayload = (companyId: string, productId: string | null) => JSON.stringify({ companyId, productId });

/** The browser may only write under products/{its company}/, as {hex}.{png|jpg|gif|webp}. */
function checkPathname(pathname: string, companyId: string) {
  if (!new RegExp(`^products/${companyId}/[0-9a-f]{16,64}\\.(png|jpg|gif|webp)$`).test(pathname)) {
    throw badRequest("Caminho de upload inválido");
  }
}

async function verifyUploaded(url: string, payload: string | null | undefined, token: string) {
  const { companyId, productId } = JSON.parse(payload ?? "{}") as { companyId?: string; productId?: string | null };
  const head = new Uint8Array(await (await fetch(url, { headers: { range: "bytes=0-31" } })).arrayBuffer());
  if (!sniffImage(head)) {
    const { del } = await import("@vercel/blob");
    await del(url, { token });
    return;
  }
  if (companyId && productId) {
    const t = await tenantDb({ companyId });
    await t.product.updateMany({ where: { id: productId }, data: { imageUrl: url } });
  }
}

export async function directUpload(req: NextRequest): Promise<Response> {
  const token = env().BLOB_READ_WRITE_TOKEN;
  // A token request or Blob's completion callback: small JSON, read under the JSON routes' cap.
  const body = parseJsonText(await readBodyText(req, 1024 * 1024)) as HandleUploadBody;
  if (!body || typeof body !== "object" || typeof body.type !== "string")
    throw badRequest("Requisição de upload inválida");
  const issuing = body.type === "blob.generate-client-token";
  const ctx = issuing ? await resolveSession(req) : null;
  if (issuing && !ctx) throw unauthenticated();
  if (issuing) assertSameOriginWrite(req); // a token request is a cookie-session write like any other
  if (issuing && !can(ctx!.role, "manage_products")) throw forbidden();
  if (!token) throw new AppError("UNAVAILABLE", DIRECT_UPLOAD_OFF);
  const answer = await handleUpload({
    body,
    request: req,
    token,
    onBeforeGenerateToken: async (pathname, clientPayload) => {
      checkPathname(pathname, ctx!.companyId);
      const productId = clientPayload
        ? ((JSON.parse(clientPayload) as { product_id?: string }).product_id ?? null)
        : null;
      return {
        allowedContentTypes: Object.values(MIME_BY_EXT),
        maximumSizeInBytes: MAX_IMAGE_BYTES,
        // Blob adds its own random suffix to the key as well.
        addRandomSuffix: true,
        validUntil: Date.now() + 10 * 60 * 1000,
        tokenPayload: tokenPayload(ctx!.companyId, productId),
        // Blob calls back here when the file is stored, so its bytes get checked.
        callbackUrl: `${env().APP_URL}/api/products/upload/direct`,
      };
    },
    onUploadCompleted: async ({ blob, tokenPayload: payload }) => verifyUploaded(blob.url, payload, token),
  }).catch((err) => {
    // A completion callback that Blob did not sign (or any other body) is refused, not a 500.
    if (err instanceof AppError) throw err;
    throw issuing ? err : new AppError("UNAUTHENTICATED", "Assinatura do upload inválida");
  });
  return Response.json(answer);
}
