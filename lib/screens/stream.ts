// A big screen's event stream (text/event-stream): `event: spin` for each spin announced to it, a
// comment heartbeat every 25 s so proxies and the TV's browser keep the connection open, and
// `retry: 3000` so a dropped stream comes back by itself; `event: revoked`, then its end, once the
// screen is revoked (the TV hides its QR: issue 49). A stream with no spin for an hour is
// closed (heartbeats are not activity): a TV that is still there reconnects, a forgotten tab or a
// hoarded connection lets its socket go. The subscription is made before the answer is sent: once
// the screen has the headers, no spin can slip past it. However it ends (client gone, cancel, idle,
// a failed subscription), `release` runs once: the stream's slot (lib/screens/slots.ts) comes back.
import "server-only";
import { subscribeScreen, type ScreenSpin } from "./bus";
import { HEARTBEAT_MS, IDLE_MS } from "./slots";

const encoder = new TextEncoder();

export const spinEvent = (spin: ScreenSpin) => `event: spin\ndata: ${JSON.stringify(spin)}\n\n`;

export interface StreamOptions {
  heartbeatMs?: number;
  idleMs?: number;
  /** Called once when the stream ends, however it ends. */
  release?: () => void;
  /**
   * STREAM_MAX_SECONDS (0: none): the stream ends before a serverless function's time limit would
   * cut it; a last `retry: 500` makes the screen's EventSource come back within half a second,
   * instead of a killed function's error (docs/totem.md "On Vercel").
   */
  maxMs?: number;
}

export async function screenStream(deviceId: string, signal: AbortSignal, opts: StreamOptions = {}): Promise<Response> {
  const { heartbeatMs = HEARTBEAT_MS, idleMs = IDLE_MS, release, maxMs = 0 } = opts;
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const pending: string[] = [];
  let closed = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let idle: ReturnType<typeof setTimeout> | undefined;
  let lifetime: ReturnType<typeof setTimeout> | undefined;
  let stop: () => void = () => undefined;
  const send = (text: string) => {
    if (closed) return;
    if (!controller) return void pending.push(text);
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      close();
    }
  };
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(close, idleMs);
  };
  function close() {
    if (closed) return;
    closed = true;
    stop();
    clearInterval(heartbeat);
    clearTimeout(idle);
    clearTimeout(lifetime);
    release?.();
    try {
      controller?.close();
    } catch {
      /* already closed by the client */
    }
  }
  try {
    stop = await subscribeScreen(deviceId, (spin) => {
      if (!spin) {
        send("event: revoked\ndata: {}\n\n");
        return close();
      }
      touch();
      send(spinEvent(spin));
    });
  } catch (err) {
    close();
    throw err;
  }
  if (signal.aborted) close();
  signal.addEventListener("abort", close, { once: true });
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      if (closed) return void c.close();
      send("retry: 3000\n: connected\n\n");
      for (const text of pending.splice(0)) send(text);
      heartbeat = setInterval(() => send(": keep-alive\n\n"), heartbeatMs);
      touch();
      if (maxMs > 0)
        lifetime = setTimeout(() => {
          send("retry: 500\n: reconnect\n\n");
          close();
        }, maxMs);
    },
    cancel: close,
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
