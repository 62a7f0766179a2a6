import { withSession } from "@/lib/http/api";
import { findPerson } from "@/lib/lgpd/service";
import { lgpdInput } from "@/lib/validation/leads";

export const GET = withSession({ permission: "manage_lgpd", query: lgpdInput }, ({ ctx, query }) =>
  findPerson(ctx, query.whatsapp),
);
