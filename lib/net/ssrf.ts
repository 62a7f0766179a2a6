// The SSRF guard (webhooks and store addresses): a webhook URL must reach the public internet, never this server, its network or
// a cloud metadata address. Names are resolved and every address checked, when the endpoint is
// saved and again at each delivery; the delivery connects only to an address this guard approved
// (guardedLookup), so a name that changes its answer between the check and the connection (DNS
// rebinding) is refused too. WEBHOOK_ALLOW_PRIVATE_HOSTS=true lifts it (local development, tests).
import { lookup, type LookupAddress, type LookupAllOptions } from "node:dns";
import { promisify } from "node:util";
import ipaddr from "ipaddr.js";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { WEBHOOK_MESSAGES } from "@/lib/copy/webhooks";

const lookupAll = promisify((host: string, opts: LookupAllOptions, cb: (e: Error | null, a: LookupAddress[]) => void) =>
  lookup(host, opts, cb),
);

/** Only plain unicast addresses: not loopback, private, link-local, CGNAT, multicast, reserved... */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns an IPv4-mapped IPv6 (::ffff:127.0.0.1) into the IPv4 it carries.
  return ipaddr.process(address).range() === "unicast";
}

/** WEBHOOK_ALLOW_PRIVATE_HOSTS: private addresses allowed (local development and tests only). */
export const allowPrivate = () => env().WEBHOOK_ALLOW_PRIVATE_HOSTS;

export class BlockedAddressError extends Error {
  constructor(host: string) {
    super(`Blocked address for ${host}`);
    this.name = "BlockedAddressError";
  }
}

/** Resolves the URL's host; throws BlockedAddressError if any address is not public. */
export async function checkHost(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = ipaddr.isValid(host) ? [host] : (await lookupAll(host, { all: true })).map((a) => a.address);
  if (!allowPrivate() && (!addresses.length || !addresses.every(isPublicAddress))) throw new BlockedAddressError(host);
}

/** The API's check of a URL a user typed: a 400 with a message for a person. */
export async function assertDeliverableUrl(url: string): Promise<void> {
  try {
    await checkHost(new URL(url));
  } catch (err) {
    const message = err instanceof BlockedAddressError ? WEBHOOK_MESSAGES.urlPrivate : WEBHOOK_MESSAGES.urlUnresolved;
    throw new AppError("VALIDATION", message, { fields: { url: message } });
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that answers only approved addresses (the connection's own check). */
export function guardedLookup(hostname: string, options: { all?: boolean; family?: number }, cb: LookupCallback) {
  lookup(hostname, { family: options.family ?? 0, all: true }, (err, addresses) => {
    if (err) return cb(err, []);
    if (!allowPrivate() && (!addresses.length || !addresses.every((a) => isPublicAddress(a.address)))) {
      return cb(Object.assign(new BlockedAddressError(hostname), { code: "EBLOCKED" }), []);
    }
    if (options.all) return cb(null, addresses);
    cb(null, addresses[0].address, addresses[0].family);
  });
}
