// The visitor's address for rate limits and consent proof. X-Forwarded-For is trusted only
// behind a proxy we were told about (TRUST_PROXY): then the last entry is the one it added.
import { env } from "@/lib/env";

export function clientIp(headers: Headers): string {
  const xff = headers.get("x-forwarded-for");
  const entries = xff ? xff.split(",").map((s) => s.trim()).filter(Boolean) : [];
  if (env().TRUST_PROXY) return entries.at(-1) ?? "unknown";
  // Without a trusted proxy Next fills x-forwarded-for from the socket only when the client sent
  // none; a client that sends one is bucketed with every other such client, so it gains nothing.
  return entries.length === 1 ? entries[0] : "untrusted-forwarded";
}
