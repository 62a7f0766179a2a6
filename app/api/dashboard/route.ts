import { dashboard } from "@/lib/dashboard/service";
import { withSession } from "@/lib/http/api";

export const GET = withSession({ permission: "view_dashboard" }, ({ ctx }) => dashboard(ctx));
