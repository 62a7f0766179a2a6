// The open big-screen streams of this instance (docs/decisions/security.md "Public edge"): each
// holds a socket (a file descriptor and ~70 KB) for as long as it stays open, and ~19,600 from one
// client once took an instance and every company on it down. At most 5 per screen (a shop has one
// TV per link, and a reload briefly opens a second) and 20 per address (a shop's Wi-Fi with a few
// TVs). Counted per instance: what runs out is this instance's descriptors.
import "server-only";
import { DEVICE_MESSAGES } from "@/lib/copy/devices";
import { AppError } from "@/lib/errors";
import { addressKey } from "@/lib/net/address-key";

export const MAX_STREAMS_PER_SCREEN = 5;
export const MAX_STREAMS_PER_ADDRESS = 20;
/** A comment this often keeps proxies and the TV's browser from dropping a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** A stream with no spin for this long is closed (the screen's EventSource reconnects if it is there). */
export const IDLE_MS = 60 * 60_000;
/** What a refused screen is told to wait: an EventSource retries on its own. */
const RETRY_AFTER_S = 30;

const KEY = Symbol.for("roleta.screen-slots");
type Slots = { screens: Map<string, number>; addresses: Map<string, number> };
const g = globalThis as typeof globalThis & { [KEY]?: Slots };
const slots = (): Slots => (g[KEY] ??= { screens: new Map(), addresses: new Map() });

const bump = (m: Map<string, number>, k: string, by: number) => {
  const n = (m.get(k) ?? 0) + by;
  if (n > 0) m.set(k, n);
  else m.delete(k);
};

const full = (message: string) =>
  new AppError("RATE_LIMITED", message, { retryAfter: RETRY_AFTER_S }, { "Retry-After": String(RETRY_AFTER_S) });

/** Takes a slot for a screen's stream from an address, or throws 429; the answer gives it back (once). */
export function takeStreamSlot(screenId: string, ip: string): () => void {
  const s = slots();
  const address = addressKey(ip);
  if ((s.screens.get(screenId) ?? 0) >= MAX_STREAMS_PER_SCREEN) throw full(DEVICE_MESSAGES.screenStreams);
  if ((s.addresses.get(address) ?? 0) >= MAX_STREAMS_PER_ADDRESS) throw full(DEVICE_MESSAGES.addressStreams);
  bump(s.screens, screenId, 1);
  bump(s.addresses, address, 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    bump(s.screens, screenId, -1);
    bump(s.addresses, address, -1);
  };
}

/** The streams a screen has open on this instance (tests, diagnostics). */
export const openStreams = (screenId: string) => slots().screens.get(screenId) ?? 0;
