import { withSession } from "@/lib/http/route-wrapper";
import { paidMessages } from "@/lib/whatsapp/paid";

// What the wheel editor's "Lembretes" shows beside Meta's price (docs/decisions/reminders.md "What
// a WhatsApp reminder costs"): read by whoever edits wheels.
export const GET = withSession(
  {
    doc: {
      summary: "WhatsApp template (paid) messages sent this São Paulo month, and the price of one",
      description:
        '`{ month: "2026-12", paid_messages, price_brl }`: template messages (the prize or a reminder outside the ' +
        "24-hour window) are the ones Meta bills; `price_brl` is WHATSAPP_UTILITY_PRICE_BRL.",
    },
    permission: "manage_wheels",
  },
  ({ ctx }) => paidMessages(ctx),
);
