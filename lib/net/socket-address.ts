// The TCP peer's address, stamped on every request before Next sees it. Next copies the socket
// address into X-Forwarded-For only when the client sent none, so behind no proxy that header is
// whatever the client chose; this one is always overwritten, so a client cannot pick it.
import http from "node:http";

export const SOCKET_ADDRESS_HEADER = "x-roleta-socket-address";

const PATCHED = Symbol.for("roleta.socket-address");

/** Called once at server start (instrumentation.ts). */
export function stampSocketAddresses() {
  const proto = http.Server.prototype as http.Server & { [PATCHED]?: true };
  if (proto[PATCHED]) return;
  proto[PATCHED] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[SOCKET_ADDRESS_HEADER] = req.socket.remoteAddress ?? "unknown";
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof proto.emit;
}
