// Receives one image from a multipart body: 413 above 5 MB (declared or real), 415 unless its
// bytes are PNG, JPEG, GIF or WebP; then stores it under a random key.
import type { NextRequest } from "next/server";
import type { SessionCtx } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { readBody } from "@/lib/http/read-body";
import { sniffImage, MAX_IMAGE_BYTES } from "@/lib/storage/image-type";
import { storeImage } from "@/lib/storage";
import { PRODUCT_MESSAGES } from "@/lib/copy/products";
import { setProductImage } from "./service";

// Multipart framing around the file adds a little; the file itself is checked exactly below.
const MAX_BODY_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", PRODUCT_MESSAGES.imageSize);
const notImage = () => new AppError("UNSUPPORTED_MEDIA_TYPE", PRODUCT_MESSAGES.imageType);

async function imageFromRequest(req: NextRequest) {
  const contentType = req.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) throw notImage();
  const body = await readBody(req, MAX_BODY_BYTES, PRODUCT_MESSAGES.imageSize);
  let form: FormData;
  try {
    form = await new Response(body as BodyInit, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("BAD_REQUEST", "Envie a imagem no campo 'image' (multipart/form-data)");
  }
  const file = form.get("image");
  if (!file || typeof file === "string")
    throw new AppError("BAD_REQUEST", "Envie a imagem no campo 'image' (multipart/form-data)");
  if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImage(bytes);
  if (!type) throw notImage();
  return { bytes, type };
}

export async function uploadProductImage(ctx: SessionCtx, req: NextRequest, productId?: string) {
  const { bytes, type } = await imageFromRequest(req);
  const stored = await storeImage(ctx.companyId, bytes, type);
  if (productId) await setProductImage(ctx, productId, stored.url);
  return { imageUrl: stored.url };
}
