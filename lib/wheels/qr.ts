// QR code PNGs made by the app (no outside service): a wheel's public URL, or one of its sources'.
import QRCode from "qrcode";
import type { SessionCtx } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { publicWheelUrl } from "./public-url";
import { getWheel } from "./service";

const QR_OPTIONS = { width: 512, margin: 2, errorCorrectionLevel: "M" } as const;

export function qrPng(url: string) {
  return QRCode.toBuffer(url, { type: "png", ...QR_OPTIONS });
}

export async function qrDataUrl(url: string, width: number = QR_OPTIONS.width) {
  return QRCode.toDataURL(url, { ...QR_OPTIONS, width });
}

export async function qrPngResponse(url: string, filename: string): Promise<Response> {
  return new Response(new Uint8Array(await qrPng(url)), {
    headers: {
      "content-type": "image/png",
      "content-disposition": `inline; filename="${filename}"`,
      "cache-control": "private, no-cache",
    },
  });
}

export async function wheelQrPng(ctx: SessionCtx, wheelId: string): Promise<Response> {
  const wheel = await getWheel(ctx, wheelId);
  const company = await (
    await db()
  ).company.findUniqueOrThrow({ where: { id: ctx.companyId }, select: { slug: true } });
  return qrPngResponse(publicWheelUrl(company.slug, wheel.slug), `qrcode-${wheel.slug}.png`);
}
