import { withSession } from "@/lib/http/route-wrapper";
import { findPerson } from "@/lib/lgpd/service";
import { lgpdInput } from "@/lib/validation/leads";

export const GET = withSession(
  {
    doc: { summary: "Find what the company holds about a WhatsApp number" },
    permission: "manage_lgpd",
    query: lgpdInput,
  },
  ({ ctx, query }) => findPerson(ctx, query.whatsapp),
);
