// One outgoing HTTP exchange to an address a tenant chose (store calls; docs/decisions/stores.md
// "Store calls: pinned address, no answer echoed, https"). The connection's own name look-up is the
// private-address check (as webhook deliveries do, lib/net/ssrf.ts guardedLookup): the socket opens
// to an address that was checked in that same look-up, so a name that answers differently between a
// check and the connection (DNS rebinding) gains nothing. An IP literal skips the look-up and is
// checked here. `httpsUnlessPrivate`: plain http only to a private address, and only while
// WEBHOOK_ALLOW_PRIVATE_HOSTS is set (local fakes); anywhere else the secrets would cross the
// network in clear. Redirects are not followed; the answer is read up to `maxBytes`. Connections are
// kept alive per origin, each policy with its own pool (lib/net/keep-alive.ts).
import http from "node:http";
import https from "node:https";
import { lookup, type LookupAddress } from "node:dns";
import ipaddr from "ipaddr.js";
import { keepAliveAgent } from "./keep-alive";
import { allowPrivate, isPublicAddress } from "./ssrf";

export interface PinnedOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** The most of the answer read; a longer one fails (code ETOOLARGE). */
  maxBytes?: number;
  httpsUnlessPrivate?: boolean;
}

export interface PinnedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Why a request was not sent: `EBLOCKED` (a refused address) or `EINSECURE` (http where https is due). */
export class RefusedAddressError extends Error {
  constructor(
    readonly code: "EBLOCKED" | "EINSECURE",
    host: string,
  ) {
    super(`${code === "EBLOCKED" ? "Blocked address" : "https required"} for ${host}`);
    this.name = "RefusedAddressError";
  }
}

const DEFAULT_MAX_BYTES = 1024 * 1024;

/** Whether the connection may go to these addresses. */
function refusal(addresses: string[], plainHttp: boolean, httpsUnlessPrivate: boolean) {
  if (!addresses.length) return "EBLOCKED" as const;
  const anyPublic = addresses.some(isPublicAddress);
  if (plainHttp && httpsUnlessPrivate && (anyPublic || !allowPrivate())) return "EINSECURE" as const;
  if (!allowPrivate() && !addresses.every(isPublicAddress)) return "EBLOCKED" as const;
  return null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

export function pinnedRequest(url: URL, opts: PinnedOptions): Promise<PinnedAnswer> {
  const plainHttp = url.protocol === "http:";
  const strict = !!opts.httpsUnlessPrivate;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (plainHttp && strict && !allowPrivate()) return Promise.reject(new RefusedAddressError("EINSECURE", host));
  if (ipaddr.isValid(host)) {
    const refused = refusal([host], plainHttp, strict);
    if (refused) return Promise.reject(new RefusedAddressError(refused, host));
  }
  // The look-up the socket connects with: it answers only addresses it has just checked.
  const pinned = (hostname: string, options: { all?: boolean; family?: number }, cb: LookupCallback) =>
    lookup(hostname, { family: options.family ?? 0, all: true }, (err, addresses) => {
      if (err) return cb(err, []);
      const refused = refusal(
        addresses.map((a) => a.address),
        plainHttp,
        strict,
      );
      if (refused) return cb(new RefusedAddressError(refused, hostname), []);
      if (options.all) return cb(null, addresses);
      cb(null, addresses[0].address, addresses[0].family);
    });
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const client = plainHttp ? http : https;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: opts.method ?? "GET",
      headers: opts.headers,
      // Keep-alive per origin, its sockets opened only by this policy's pinned look-up (lib/net/keep-alive.ts).
      agent: keepAliveAgent(url.protocol, strict ? "pinned-https-unless-private" : "pinned"),
      lookup: pinned as never,
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
    req.on("error", reject);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy();
          return reject(Object.assign(new Error("Answer too large"), { code: "ETOOLARGE" }));
        }
        chunks.push(chunk);
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    req.end(opts.body);
  });
}
