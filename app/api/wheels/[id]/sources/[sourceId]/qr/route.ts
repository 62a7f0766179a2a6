import { withSession } from "@/lib/http/route-wrapper";
import { getSource } from "@/lib/sources/service";
import { qrPngResponse } from "@/lib/wheels/qr";

export const GET = withSession(
  { doc: { summary: "A PNG QR code of the source's URL", produces: "image/png" }, permission: "view_wheels" },
  async ({ ctx, params }) => {
    const { source } = await getSource(ctx, params.id, params.sourceId);
    return qrPngResponse(source.url, `qrcode-${source.key}.png`);
  },
);
