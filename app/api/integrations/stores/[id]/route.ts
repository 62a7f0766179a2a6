import { withSession } from "@/lib/http/route-wrapper";
import { deleteStore } from "@/lib/stores/service";

export const DELETE = withSession(
  { doc: { summary: "Disconnect an online store" }, permission: "manage_integrations" },
  ({ ctx, params }) => deleteStore(ctx, params.id),
);
