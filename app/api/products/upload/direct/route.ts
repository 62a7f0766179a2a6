import type { NextRequest } from "next/server";
import { errorResponse } from "@/lib/http/respond";
import { directUpload } from "@/lib/products/direct-upload";

// Token requests come from signed-in staff; completion callbacks come from Vercel Blob, signed.
export async function POST(req: NextRequest) {
  try {
    return await directUpload(req);
  } catch (err) {
    return errorResponse(err);
  }
}
