// Keep-alive connections for the calls to addresses a tenant chose (webhook deliveries, store
// calls; docs/decisions/jobs.md "A queue that keeps up"). An agent pools its sockets per origin
// (host and port), so a burst of messages to one endpoint reuses a few connections instead of a
// TCP (and TLS) handshake each. The SSRF guard stays whole: a pooled socket is one that was opened
// through the guarded look-up of the policy the request runs under, so each policy (who checks the
// addresses, https-only or not, private hosts allowed or not) has agents of its own and never
// borrows a socket another policy opened; an IP literal is still checked before every request.
import http from "node:http";
import https from "node:https";
import { allowPrivate } from "./ssrf";

/** Idle sockets close after this: under the 5 s keep-alive of Node's servers (and nginx's 75 s),
 * so a request never goes out on a connection the receiver is closing. */
export const IDLE_SOCKET_MS = 4_000;
/** Connections to one origin at once, per policy; more requests queue for a free one. */
export const SOCKETS_PER_ORIGIN = 64;

const agents = new Map<string, http.Agent>();

/** The keep-alive agent of a policy (e.g. "webhook", "store-strict") for a protocol. */
export function keepAliveAgent(protocol: string, policy: string): http.Agent {
  const key = `${protocol}|${policy}|${allowPrivate() ? "private" : "public"}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = {
      keepAlive: true,
      keepAliveMsecs: 1_000,
      timeout: IDLE_SOCKET_MS,
      maxSockets: SOCKETS_PER_ORIGIN,
      maxFreeSockets: 16,
      scheduling: "lifo" as const,
    };
    agent = protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}
