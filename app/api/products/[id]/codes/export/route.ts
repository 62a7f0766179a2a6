import { withSession } from "@/lib/http/route-wrapper";
import { exportAssignedCodes } from "@/lib/products/codes";

export const GET = withSession(
  {
    doc: { summary: "Download a pool product's assigned codes as CSV", produces: "text/csv" },
    permission: "manage_products",
  },
  ({ ctx, params }) => exportAssignedCodes(ctx, params.id),
);
