// Serverless hosts (Vercel Cron, README "Webhooks"): each call delivers what is due (and runs the due
// jobs, docs/decisions/jobs.md "One job queue"), for up to
// ~50 s. Only a caller with `Authorization: Bearer <CRON_SECRET>` may run it.
import { publicRoute } from "@/lib/http/route-wrapper";
import { assertCronCaller } from "@/lib/webhooks/cron-auth";
import { drain } from "@/lib/worker/worker";

export const dynamic = "force-dynamic";
export const maxDuration = 60;

export const GET = publicRoute(
  { doc: { summary: "Deliver due webhook messages (Vercel Cron; Bearer CRON_SECRET)", errors: [401] } },
  async ({ req }) => {
    assertCronCaller(req.headers.get("authorization"));
    return drain();
  },
);
