// The listening socket's accept queue, which Next's start takes no option for (docs/scaling.md
// "Shedding load"). Node listens with a backlog of 511. Under a crowd (bench:jobs, 100 spins/s
// offered) the kernel's accept queue overflowed: this machine counted 246,379 ListenOverflows, and
// a dropped SYN is sent again by the client after 1, 3, 7 s, so a visitor's try timed out at the
// page's 10 s before the server, with its waiting room, ever saw it.
// A 65 s keep-alive was measured with it (0 tries lost) but taken out again: with it, CI's
// typing-before-hydration e2e rounds failed (the form not hydrated 10 s after its scripts were let
// in), while the same spec passed without it; until that is understood Node's 5 s stays.
import type http from "node:http";

/** The accept queue asked for; the kernel caps it at net.core.somaxconn (4096 on current Linux). */
export const LISTEN_BACKLOG = 4096;
const tuned = new WeakSet<http.Server>();

/** Applies it to a server already listening, once (the server hook calls it on its first events). */
export function tuneListeningServer(server: http.Server): void {
  if (tuned.has(server)) return;
  tuned.add(server);
  // listen(2) on a socket that is already listening only changes its backlog (Linux); Node has no
  // public call for it, its TCP handle's listen() is that call.
  const handle = (server as unknown as { _handle?: { listen?: (backlog: number) => number } })._handle;
  try {
    handle?.listen?.(LISTEN_BACKLOG);
  } catch {
    // Not a TCP handle (a pipe, a test double): the defaults stay.
  }
}
