// A big screen's event stream (text/event-stream): `event: spin` for each spin announced to it, a
// comment every 15 s so proxies and the TV's browser keep the connection open, and `retry: 3000`
// so a dropped stream comes back by itself. The subscription is made before the answer is sent:
// once the screen has the headers, no spin can slip past it.
import "server-only";
import { subscribeScreen, type ScreenSpin } from "./bus";

export const KEEP_ALIVE_MS = 15_000;

const encoder = new TextEncoder();

export const spinEvent = (spin: ScreenSpin) => `event: spin\ndata: ${JSON.stringify(spin)}\n\n`;

/**
 * `maxMs` (STREAM_MAX_SECONDS; 0: none) ends the stream before a serverless function's time limit
 * would cut it: a last `retry: 500` makes the screen's EventSource come back within half a second,
 * instead of a killed function's error (docs/totem.md "On Vercel").
 */
export async function screenStream(deviceId: string, signal: AbortSignal, maxMs = 0): Promise<Response> {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const pending: string[] = [];
  let closed = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let lifetime: ReturnType<typeof setTimeout> | undefined;
  const send = (text: string) => {
    if (closed) return;
    if (!controller) return void pending.push(text);
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      close();
    }
  };
  const stop = await subscribeScreen(deviceId, (spin) => send(spinEvent(spin)));
  function close() {
    if (closed) return;
    closed = true;
    stop();
    clearInterval(timer);
    clearTimeout(lifetime);
    try {
      controller?.close();
    } catch {
      /* already closed by the client */
    }
  }
  signal.addEventListener("abort", close, { once: true });
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      send("retry: 3000\n: connected\n\n");
      for (const text of pending.splice(0)) send(text);
      timer = setInterval(() => send(": keep-alive\n\n"), KEEP_ALIVE_MS);
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
