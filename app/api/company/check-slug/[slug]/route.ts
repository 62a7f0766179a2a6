import { isSlugAvailable } from "@/lib/company/profile";
import { withSession } from "@/lib/http/route-wrapper";
import { companySlug } from "@/lib/validation/company";

export const GET = withSession(
  { doc: { summary: "Whether a company slug is free" }, permission: "view_dashboard" },
  async ({ ctx, params }) => {
    const parsed = companySlug.safeParse(params.slug);
    return { available: parsed.success && (await isSlugAvailable(ctx, parsed.data)) };
  },
);
