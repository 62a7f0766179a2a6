import { notFound } from "@/lib/errors";
import { publicRoute } from "@/lib/http/route-wrapper";
import { clientIp } from "@/lib/net/client-ip";
import { consume, LIMITS } from "@/lib/rate-limit";
import { stopReminders } from "@/lib/reminders/opt-out";

// The visitor's opt-out page's button (docs/api.md "Reminders before the prize expires"): no
// sign-in; the code is the key, looked up under the claim pages' limit.
export const DELETE = publicRoute(
  {
    doc: {
      summary: "Stop the reminders of a won prize (the visitor's opt-out, no sign-in)",
      description:
        "Cancels the prize's scheduled reminders and sends none after it. Answers 200 `{ message, cancelled }` (the reminders cancelled now); stopping twice answers 200 again.",
      errors: [404, 429],
    },
  },
  async ({ req, params }) => {
    await consume(LIMITS.claimLookup(), clientIp(req.headers));
    const done = await stopReminders(params.companySlug, params.wheel, params.code);
    if (!done) throw notFound("Prêmio não encontrado");
    return { message: "Pronto! Você não vai mais receber lembretes deste prêmio.", cancelled: done.cancelled };
  },
);
