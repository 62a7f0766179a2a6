// A device token is looked up only after its address's hit was counted (the route's limit, before
// the body: lib/http/route-wrapper.ts): a made-up token costs a query, so it must cost the address
// too. A token that turns out valid gives the hit back, so a totem or a TV that is one address for
// a whole fair is not limited by it (docs/decisions/security.md "Public edge").
import "server-only";
import { AppError } from "@/lib/errors";
import { refund, type Limit } from "@/lib/rate-limit";

const unknownDevice = (err: unknown) => err instanceof AppError && err.code === "DEVICE_REVOKED";

/** Runs the device's work; unless it found no such device (403 DEVICE_REVOKED), the hit is given back. */
export async function givesHitBack<T>(limit: Limit, ip: string, work: () => Promise<T>): Promise<T> {
  let valid = true;
  try {
    return await work();
  } catch (err) {
    valid = !unknownDevice(err);
    throw err;
  } finally {
    if (valid) await refund(limit, ip).catch(() => undefined);
  }
}
