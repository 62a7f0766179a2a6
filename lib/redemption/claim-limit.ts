// Claim pages (/w/{company}/{wheel}/premio/{code}) look a won prize up by its code: 60 look-ups a
// minute per address, then 429, so nobody walks the code space from one address. A page cannot
// answer a status of its choosing, so proxy.ts asks here before the page renders (for the
// paths lib/wheels/public-url.ts isClaimPath recognises).
import { log } from "@/lib/log";
import { NextResponse, type NextRequest } from "next/server";
import { clientIp } from "@/lib/net/client-ip";
import { consume, isRateLimited, LIMITS } from "@/lib/rate-limit";

/** The 429 answer when this address is over its look-ups, else null (the page renders). */
export async function claimLookupRefusal(req: NextRequest): Promise<NextResponse | null> {
  try {
    await consume(LIMITS.claimLookup(), clientIp(req.headers));
    return null;
  } catch (err) {
    // A refusal, whichever bundle's copy of the limiter made it, is always a 429: never a pass
    // (docs/decisions/rate-limits.md "Refusals detected by shape, in every bundle").
    if (isRateLimited(err))
      return new NextResponse(err.message, {
        status: 429,
        headers: { ...err.headers, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    // Not a refusal: the store failing (its in-memory insurance answers then, so this is rarer
    // still). The person at the counter needs the page more than the count needs to be exact.
    log().error({ err }, "claim look-up limit unavailable");
    return null;
  }
}
