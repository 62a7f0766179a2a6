// The listening socket's limits that Next's start takes no option for (docs/scaling.md "Shedding
// load"). Node listens with a backlog of 511 and closes an idle keep-alive connection after 5 s.
// Under a crowd (bench:jobs, 100 spins/s offered) the kernel's accept queue overflowed: this
// machine counted 246,379 ListenOverflows, and a dropped SYN is sent again by the client after 1,
// 3, 7 s, so a visitor's try timed out at the page's 10 s before the server, with its waiting room,
// ever saw it. And a visitor coming back after a 503's Retry-After (up to ~6 s) found their
// connection closed: a new one (more accepts) or a reset when the close crossed their request.
import type http from "node:http";

/** The accept queue asked for; the kernel caps it at net.core.somaxconn (4096 on current Linux). */
export const LISTEN_BACKLOG = 4096;
/** Idle keep-alive: past a proxy's own (nginx and cloud balancers: 60 s) and any Retry-After wait. */
export const KEEP_ALIVE_MS = 65_000;

const tuned = new WeakSet<http.Server>();

/** Applies both to a server already listening, once (the server hook calls it on its first events). */
export function tuneListeningServer(server: http.Server): void {
  if (tuned.has(server)) return;
  tuned.add(server);
  if (server.keepAliveTimeout < KEEP_ALIVE_MS) server.keepAliveTimeout = KEEP_ALIVE_MS;
  // The headers of the next request on a kept connection are awaited at least as long.
  if (server.headersTimeout < KEEP_ALIVE_MS + 1000) server.headersTimeout = KEEP_ALIVE_MS + 1000;
  // listen(2) on a socket that is already listening only changes its backlog (Linux); Node has no
  // public call for it, its TCP handle's listen() is that call.
  const handle = (server as unknown as { _handle?: { listen?: (backlog: number) => number } })._handle;
  try {
    handle?.listen?.(LISTEN_BACKLOG);
  } catch {
    // Not a TCP handle (a pipe, a test double): the defaults stay.
  }
}
