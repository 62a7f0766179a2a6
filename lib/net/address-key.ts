// The key a per-address rate limit counts a client under (docs/decisions/rate-limits.md "IPv6
// addresses are limited by their /64"). An IPv6 subscriber is handed a whole /64 and can pick any
// of its 2^64 addresses, so an IPv6 address is counted by its /64; an IPv4 address (and an IPv4
// client seen as ::ffff:a.b.c.d on a dual-stack socket) by itself. Anything else (no socket
// address) is its own key.
import ipaddr from "ipaddr.js";

export function addressKey(ip: string): string {
  if (!ip.includes(":") || !ipaddr.IPv6.isValid(ip)) return ip;
  const addr = ipaddr.IPv6.parse(ip);
  if (addr.isIPv4MappedAddress()) return addr.toIPv4Address().toString();
  return `${new ipaddr.IPv6([...addr.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}
