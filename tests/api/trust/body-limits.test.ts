// Bodies are read as a stream with the size cap enforced while reading (docs/decisions/security.md
// "Public edge"): a chunked body without Content-Length is refused with 413 as soon as it passes the
// cap, never buffered whole first, on the routes' wrapper and on every webhook route alike.
import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST as nextAuthRoute } from "@/app/api/auth/[...nextauth]/route";
import { POST as spinRoute } from "@/app/api/public/[companySlug]/wheels/[wheel]/spin/route";
import { POST as paymentsRoute } from "@/app/api/webhooks/payments/route";
import { POST as storeHookRoute } from "@/app/api/webhooks/stores/[key]/route";
import { POST as whatsappHookRoute } from "@/app/api/webhooks/whatsapp/[key]/route";
import { randomIp } from "../../helpers/http";

const CHUNK = 64 * 1024;

/** A chunked body of `total` bytes (no Content-Length) that counts how much of it was pulled. */
function chunkedBody(total: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (pulled >= total) return c.close();
      const n = Math.min(CHUNK, total - pulled);
      pulled += n;
      c.enqueue(new Uint8Array(n).fill(0x20));
    },
  });
  return { stream, pulled: () => pulled };
}

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function post(handler: Handler, body: ReadableStream<Uint8Array>, params: Record<string, string> = {}) {
  const req = new NextRequest("http://localhost:3000/api/test", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
    body,
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1] & { duplex: "half" });
  expect(req.headers.get("content-length")).toBeNull();
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, body: (await res.json()) as { code?: string } };
}

const routes: [string, Handler, number, Record<string, string>][] = [
  [
    "the public spin (route wrapper)",
    spinRoute as unknown as Handler,
    1024 * 1024,
    { companySlug: "nao-existe", wheel: "x" },
  ],
  [
    "a store's order webhook",
    storeHookRoute as unknown as Handler,
    512 * 1024,
    { key: randomBytes(32).toString("hex") },
  ],
  ["Meta's WhatsApp webhook", whatsappHookRoute as unknown as Handler, 1024 * 1024, { key: "nao-existe" }],
  ["the payments webhook", paymentsRoute as unknown as Handler, 1024 * 1024, {}],
  [
    "next-auth's sign-in form",
    nextAuthRoute as unknown as Handler,
    64 * 1024,
    { nextauth: ["callback", "credentials"] } as unknown as Record<string, string>,
  ],
];

describe("a chunked body past the cap", () => {
  for (const [name, handler, cap, params] of routes) {
    it(`${name}: 413 as soon as the cap is passed, the rest never read`, async () => {
      const body = chunkedBody(cap * 8);
      const res = await post(handler, body.stream, params);
      expect(res.status).toBe(413);
      expect(res.body.code).toBe("PAYLOAD_TOO_LARGE");
      // At most the cap and the chunk that passed it (and one the stream queued ahead).
      expect(body.pulled()).toBeLessThanOrEqual(cap + 2 * CHUNK);
    });
  }

  it("a declared Content-Length past the cap is refused before any byte is read", async () => {
    const body = chunkedBody(4 * 1024 * 1024);
    const req = new NextRequest("http://localhost:3000/api/test", {
      method: "POST",
      headers: { "content-length": String(4 * 1024 * 1024), "x-forwarded-for": randomIp() },
      body: body.stream,
      duplex: "half",
    } as ConstructorParameters<typeof NextRequest>[1] & { duplex: "half" });
    const res = await (paymentsRoute as unknown as Handler)(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(2 * CHUNK);
  });
});
