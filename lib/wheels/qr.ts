// A QR code PNG of a wheel's public URL, made by the app (no outside service).
import QRCode from "qrcode";
import type { SessionCtx } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { publicWheelUrl } from "./public-url";
import { getWheel } from "./service";

export async function wheelQrPng(ctx: SessionCtx, wheelId: string): Promise<Response> {
  const wheel = await getWheel(ctx, wheelId);
  const company = await (
    await db()
  ).company.findUniqueOrThrow({ where: { id: ctx.companyId }, select: { slug: true } });
  const png = await QRCode.toBuffer(publicWheelUrl(company.slug, wheel.slug), {
    type: "png",
    width: 512,
    margin: 2,
    errorCorrectionLevel: "M",
  });
  return new Response(new Uint8Array(png), {
    headers: {
      "content-type": "image/png",
      "content-disposition": `inline; filename="qrcode-${wheel.slug}.png"`,
      "cache-control": "private, no-cache",
    },
  });
}
