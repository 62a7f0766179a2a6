import { companyProfile, updateCompany } from "@/lib/company/profile";
import { withSession } from "@/lib/http/route-wrapper";
import { companyUpdateInput } from "@/lib/validation/company";
import { COMPANY_MESSAGES } from "@/lib/copy/company";

export const GET = withSession(
  {
    doc: {
      summary: "The company's profile, plan and usage",
      description:
        "`contact_email` and `phone` are public (the rules page prints them); `email` is internal and never shown on a public page.",
    },
    permission: "view_dashboard",
  },
  ({ ctx }) => companyProfile(ctx),
);

export const PUT = withSession(
  {
    doc: { summary: "Update the company's profile" },
    permission: "update_company",
    forbiddenMessage: COMPANY_MESSAGES.onlyOwner,
    body: companyUpdateInput,
  },
  ({ ctx, body }) => updateCompany(ctx, body),
);
