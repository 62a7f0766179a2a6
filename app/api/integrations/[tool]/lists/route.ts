import { withSession } from "@/lib/http/route-wrapper";
import { listToolLists, toolParam } from "@/lib/marketing/service";

export const GET = withSession(
  {
    doc: { summary: "The lists (audiences) of the connected marketing tool's account, to choose where leads go" },
    permission: "manage_integrations",
  },
  ({ ctx, params }) => listToolLists(ctx, toolParam(params.tool)),
);
