import { withSession } from "@/lib/http/route-wrapper";
import { deleteStore } from "@/lib/stores/disconnect";

export const DELETE = withSession(
  {
    doc: {
      summary: "Disconnect an online store",
      description:
        "Our unused coupons in the store are deleted there first; while any is left (the store refused, or " +
        "there were more than a few seconds' worth) the store stays and the answer is 409 `STORE_HAS_COUPONS` " +
        "with `details.count`; the deletion carries on in the background.",
      errors: [409],
    },
    permission: "manage_integrations",
  },
  ({ ctx, params }) => deleteStore(ctx, params.id),
);
