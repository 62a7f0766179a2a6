import { DEVICE_MESSAGES } from "@/lib/copy/devices";
import { markSeen, screenWithToken } from "@/lib/devices/public";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { publicRoute } from "@/lib/http/route-wrapper";
import { screenStream } from "@/lib/screens/stream";
import { screenEventsQuery } from "@/lib/validation/devices";

export const dynamic = "force-dynamic";
// Vercel's function limit; the stream itself ends earlier (STREAM_MAX_SECONDS, 270 s there).
export const maxDuration = 300;

// The big screen's stream of spins (docs/api.md "The totem and the big screen"): the screen's own
// token in ?d=; without it (or revoked) 403 DEVICE_REVOKED. Never a contact in an event.
export const GET = publicRoute(
  {
    doc: {
      summary: "A big screen's spins as server-sent events (`event: spin`, data { result, prize, first_name })",
      produces: "text/event-stream",
      errors: [403],
    },
    query: screenEventsQuery,
  },
  async ({ req, params, query }) => {
    const screen = await screenWithToken(params.companySlug, params.wheel, params.deviceId, query.d ?? "");
    if (!screen) throw new AppError("DEVICE_REVOKED", DEVICE_MESSAGES.screenRevoked);
    void markSeen(screen.id).catch(() => undefined);
    return screenStream(screen.id, req.signal, env().STREAM_MAX_SECONDS * 1000);
  },
);
