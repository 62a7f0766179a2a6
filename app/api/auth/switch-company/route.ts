import { switchCompany } from "@/lib/auth/verify";
import { withSession } from "@/lib/http/api";
import { switchCompanyInput } from "@/lib/validation/auth";

export const POST = withSession({ body: switchCompanyInput }, ({ ctx, body }) => switchCompany(ctx, body.companyId));
