import type { NextRequest } from "next/server";
import { errorResponse } from "@/lib/http/respond";
import { describeRoute } from "@/lib/http/route-doc";
import { directUpload } from "@/lib/products/direct-upload";

// Token requests come from signed-in staff; completion callbacks come from Vercel Blob, signed.
export const POST = describeRoute(
  async (req: NextRequest) => {
    try {
      return await directUpload(req);
    } catch (err) {
      return errorResponse(err);
    }
  },
  {
    auth: "signature",
    doc: {
      summary: "Vercel Blob client uploads: a token for signed-in staff, then Blob's signed completion callback",
      description: "Only when Vercel Blob is configured. Follows @vercel/blob's handleUpload protocol.",
      errors: [400, 403],
    },
  },
);
