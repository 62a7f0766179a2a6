import { withSession } from "@/lib/http/route-wrapper";
import { erasePerson } from "@/lib/lgpd/service";
import { lgpdInput } from "@/lib/validation/leads";

export const POST = withSession(
  {
    doc: {
      summary: "Erase a person's data (anonymise their leads)",
      description:
        "Also scrubs their stored webhook messages (pending ones are cancelled; resending one answers 410 " +
        "`ERASED`) and their stored spin answers (an Idempotency-Key replay answers 410 `ERASED`).",
    },
    permission: "manage_lgpd",
    body: lgpdInput,
  },
  ({ ctx, body }) => erasePerson(ctx, body.whatsapp),
);
