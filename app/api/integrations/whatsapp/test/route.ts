import { withSession } from "@/lib/http/route-wrapper";
import { consume, LIMITS } from "@/lib/rate-limit";
import { whatsappTestInput } from "@/lib/validation/whatsapp";
import { sendTest } from "@/lib/whatsapp/account";

export const POST = withSession(
  {
    doc: {
      summary: "Send Meta's sample template to a number, to check the connection",
      errors: [429, 503],
    },
    permission: "manage_integrations",
    body: whatsappTestInput,
  },
  async ({ ctx, body }) => {
    await consume(LIMITS.webhookSend(), `wa:${ctx.companyId}`);
    return sendTest(ctx, body.to);
  },
);
