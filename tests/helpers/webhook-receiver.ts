// A local webhook receiver for tests: an HTTP server on a random port that checks every request's
// signature with the standardwebhooks verifier (the same library a customer would use) and keeps
// what it received. Its answers can be scripted (a 500 first, a large body...).
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Received {
  id: string;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  verified: boolean;
  headers: IncomingHttpHeaders;
  /** When the request arrived (Date.now()). */
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Sets the secret every request is verified with (known once the endpoint is created). */
  setSecret(secret: string): void;
  /** The status (and body) of the next answers, in order; then 200. */
  answer(...replies: { status: number; body?: string }[]): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const replies: { status: number; body?: string }[] = [];
  let secret = "";
  const server = createServer((req, res) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let verified = false;
      try {
        new Webhook(secret).verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      received.push({
        id: String(req.headers["webhook-id"]),
        body,
        payload: JSON.parse(body),
        verified,
        headers: req.headers,
        at,
      });
      const reply = replies.shift() ?? { status: 200 };
      res.writeHead(reply.status, { "content-type": "text/plain" }).end(reply.body ?? "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    setSecret: (s) => void (secret = s),
    answer: (...r) => void replies.push(...r),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
