import { withSession } from "@/lib/http/api";
import { erasePerson } from "@/lib/lgpd/service";
import { lgpdInput } from "@/lib/validation/leads";

export const POST = withSession(
  { doc: { summary: "Erase a person's data (anonymise their leads)" }, permission: "manage_lgpd", body: lgpdInput },
  ({ ctx, body }) => erasePerson(ctx, body.whatsapp),
);
