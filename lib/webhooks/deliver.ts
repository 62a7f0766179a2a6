// One HTTP attempt of a message, signed by Standard Webhooks (the `standardwebhooks` package):
// headers webhook-id (the message's, the same on every attempt), webhook-timestamp (now) and
// webhook-signature. 10 s for the whole exchange (WEBHOOK_TIMEOUT_MS); redirects are not followed;
// at most 1 KB of the answer is read and kept. Connections are kept alive per origin.
import http from "node:http";
import https from "node:https";
import { Webhook } from "standardwebhooks";
import { env } from "@/lib/env";
import { keepAliveAgent } from "@/lib/net/keep-alive";
import { checkHost, guardedLookup } from "@/lib/net/ssrf";

/** The default of WEBHOOK_TIMEOUT_MS (lib/env.ts): one attempt's whole exchange. */
export const DELIVERY_TIMEOUT_MS = 10_000;
export const MAX_KEPT_BYTES = 1024;

export interface Message {
  id: string;
  url: string;
  secret: string;
  body: string;
}

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  /** The first 1 KB of the answer. */
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

export function signedHeaders(message: Pick<Message, "id" | "secret" | "body">, at = new Date()) {
  const signature = new Webhook(message.secret).sign(message.id, at, message.body);
  return {
    "webhook-id": message.id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signature,
  };
}

function post(message: Message, timeoutMs: number): Promise<{ status: number; body: string }> {
  const url = new URL(message.url);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: "POST",
      // Keep-alive per origin; its sockets were all opened through guardedLookup (lib/net/keep-alive.ts).
      agent: keepAliveAgent(url.protocol, "webhook"),
      lookup: guardedLookup as never,
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        "content-type": "application/json",
        "user-agent": "RoletaPremiada-Webhooks/1.0",
        ...signedHeaders(message),
      },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") });
      res.on("data", (chunk: Buffer) => {
        if (kept >= MAX_KEPT_BYTES) return;
        const part = chunk.subarray(0, MAX_KEPT_BYTES - kept);
        chunks.push(part);
        kept += part.length;
        // Enough read: stop the download rather than take a large answer.
        if (kept >= MAX_KEPT_BYTES) {
          res.destroy();
          done();
        }
      });
      res.on("end", done);
      res.on("error", reject);
    });
    req.end(message.body);
  });
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export async function attempt(message: Message, timeoutMs = env().WEBHOOK_TIMEOUT_MS): Promise<AttemptResult> {
  const started = Date.now();
  try {
    await checkHost(new URL(message.url)); // IP literals skip the lookup: checked here
    const res = await post(message, timeoutMs);
    const ok = res.status >= 200 && res.status < 300;
    return {
      ok,
      status: res.status,
      responseBody: clip(res.body.replace(/\u0000/g, ""), MAX_KEPT_BYTES), // Postgres text refuses NUL
      error: null,
      durationMs: Date.now() - started,
    };
  } catch (err) {
    const e = err as Error & { code?: string };
    const error =
      e.name === "BlockedAddressError" || e.code === "EBLOCKED"
        ? "Endereço bloqueado (rede interna ou privada)"
        : e.name === "TimeoutError" || e.name === "AbortError"
          ? `Tempo esgotado (${timeoutMs / 1000} s)`
          : clip(`${e.code ?? e.name}: ${e.message}`, 255);
    return { ok: false, status: null, responseBody: null, error, durationMs: Date.now() - started };
  }
}
