// The visitor's address for rate limits and consent proof, and whether the request came through a
// proxy we trust (its X-Request-Id is kept). X-Forwarded-For is read only from a trusted peer:
// TRUST_PROXY=true trusts every peer (a proxy the app cannot be reached around); a list of
// addresses/CIDRs trusts only a socket peer among them, so a client reaching the app's port
// directly cannot pick its own address. Otherwise the socket's own address counts (stamped at
// server start), whatever the client sends.
import ipaddr from "ipaddr.js";
import { env } from "@/lib/env";
import { acceptedRequestId } from "@/lib/log/context";
import { SOCKET_ADDRESS_HEADER } from "@/lib/net/socket-address";

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

let parsed: { source: string[]; ranges: Range[] } | null = null;

/** The TRUST_PROXY list as ranges, parsed once per value (env() checked its shape). */
function rangesOf(list: string[]): Range[] {
  if (parsed?.source === list) return parsed.ranges;
  const ranges = list.map((entry): Range => {
    try {
      if (entry.includes("/")) return ipaddr.parseCIDR(entry);
      const addr = ipaddr.parse(entry);
      return [addr, addr.kind() === "ipv4" ? 32 : 128];
    } catch {
      throw new Error(`Invalid environment variables:\n  TRUST_PROXY: not an address or CIDR: ${entry}`);
    }
  });
  parsed = { source: list, ranges };
  return ranges;
}

/** Whether an address is one of the trusted proxies (an IPv4-mapped IPv6 address as its IPv4). */
function listed(ip: string, ranges: Range[]): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const addr = ipaddr.process(ip);
  return ranges.some(([range, bits]) => addr.kind() === range.kind() && addr.match(range, bits));
}

const socketOf = (headers: Headers) => headers.get(SOCKET_ADDRESS_HEADER) ?? "unknown";

/** The request came from a proxy we trust: its X-Forwarded-For and X-Request-Id may be read. */
export function fromTrustedProxy(headers: Headers): boolean {
  const trust = env().TRUST_PROXY;
  if (typeof trust === "boolean") return trust;
  return listed(socketOf(headers), rangesOf(trust));
}

export function clientIp(headers: Headers): string {
  const socket = socketOf(headers);
  if (!fromTrustedProxy(headers)) return socket;
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const trust = env().TRUST_PROXY;
  // true: the last entry, the one our proxy added. A list: the first entry from the right that is
  // not one of our proxies (a chain of them each appends its peer).
  if (trust === true) return hops.at(-1) ?? socket;
  const ranges = rangesOf(trust as string[]);
  return hops.findLast((hop) => !listed(hop, ranges)) ?? hops[0] ?? socket;
}

/** The id a request is logged under (lib/log): a trusted proxy's X-Request-Id, else a new one. */
export function incomingRequestId(headers: Headers): string {
  const incoming = fromTrustedProxy(headers) ? acceptedRequestId(headers.get("x-request-id")) : null;
  return incoming ?? crypto.randomUUID();
}
