import { withSession } from "@/lib/http/route-wrapper";
import { wheelQrPng } from "@/lib/wheels/qr";

export const GET = withSession(
  { doc: { summary: "A PNG QR code of the wheel's public URL", produces: "image/png" }, permission: "view_wheels" },
  ({ ctx, params }) => wheelQrPng(ctx, params.id),
);
