// The visitor's address for rate limits and consent proof. X-Forwarded-For is trusted only behind
// a proxy we were told about (TRUST_PROXY): then the last entry is the one that proxy added.
// Otherwise the socket's own address counts (stamped at server start), whatever the client sends.
import { env } from "@/lib/env";
import { SOCKET_ADDRESS_HEADER } from "@/lib/net/socket-address";

export function clientIp(headers: Headers): string {
  const socket = headers.get(SOCKET_ADDRESS_HEADER) ?? "unknown";
  if (!env().TRUST_PROXY) return socket;
  const xff = headers.get("x-forwarded-for");
  return (
    xff
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1) ?? socket
  );
}
