import { DEVICE_MESSAGES } from "@/lib/copy/devices";
import { givesHitBack } from "@/lib/devices/address-limit";
import { markSeen, screenWithToken } from "@/lib/devices/public";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { publicRoute } from "@/lib/http/route-wrapper";
import { clientIp } from "@/lib/net/client-ip";
import { LIMITS } from "@/lib/rate-limit";
import { takeStreamSlot } from "@/lib/screens/slots";
import { screenStream } from "@/lib/screens/stream";
import { screenEventsQuery } from "@/lib/validation/devices";

export const dynamic = "force-dynamic";
// Vercel's function limit; the stream itself ends earlier (STREAM_MAX_SECONDS, 270 s there).
export const maxDuration = 300;

// The big screen's stream of spins (docs/api.md "The totem and the big screen"): the screen's own
// token in ?d=; without it (or revoked) 403 DEVICE_REVOKED. Never a contact in an event. The
// address's hit is counted before the token is looked up; a valid screen's gives it back. Open
// streams are capped per screen and per address, with a heartbeat and an idle close
// (lib/screens/slots.ts).
export const GET = publicRoute(
  {
    doc: {
      summary: "A big screen's spins as server-sent events (`event: spin`, data { result, prize, first_name })",
      produces: "text/event-stream",
      errors: [403, 429],
    },
    query: screenEventsQuery,
    limit: { limit: LIMITS.deviceIp, mode: "count" },
  },
  async ({ req, params, query }) => {
    const ip = clientIp(req.headers);
    const screen = await givesHitBack(LIMITS.deviceIp(), ip, async () => {
      const found = await screenWithToken(params.companySlug, params.wheel, params.deviceId, query.d ?? "");
      if (!found) throw new AppError("DEVICE_REVOKED", DEVICE_MESSAGES.screenRevoked);
      return found;
    });
    // At most 5 open per screen and 20 per address on this instance (429 past that).
    const release = takeStreamSlot(screen.id, ip);
    void markSeen(screen.id).catch(() => undefined);
    return screenStream(screen.id, req.signal, { release, maxMs: env().STREAM_MAX_SECONDS * 1000 });
  },
);
