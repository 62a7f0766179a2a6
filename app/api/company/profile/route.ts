import { companyProfile, updateCompany } from "@/lib/company/profile";
import { withSession } from "@/lib/http/api";
import { COMPANY_MESSAGES, companyUpdateInput } from "@/lib/validation/company";

export const GET = withSession({ permission: "view_dashboard" }, ({ ctx }) => companyProfile(ctx));

export const PUT = withSession(
  { permission: "update_company", forbiddenMessage: COMPANY_MESSAGES.onlyOwner, body: companyUpdateInput },
  ({ ctx, body }) => updateCompany(ctx, body),
);
