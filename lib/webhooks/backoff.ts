// When a failed delivery is tried again (docs/api.md: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, the
// Standard Webhooks / Svix schedule): one first attempt and six retries, then the delivery fails.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR] as const;

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** An endpoint with no success for this long is disabled and its owner told by email. */
export const DISABLE_AFTER_MS = 3 * 24 * HOUR;

/** How long a claimed delivery stays reserved to its worker (well over the 10 s request timeout). */
export const CLAIM_LEASE_MS = 60 * SECOND;

/** The delay before the next attempt after `attempts` failed ones, or null when none is left. */
export function retryDelay(attempts: number): number | null {
  return attempts >= 1 && attempts < MAX_ATTEMPTS ? RETRY_DELAYS_MS[attempts - 1] : null;
}
