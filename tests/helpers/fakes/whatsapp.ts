// A local Meta WhatsApp Cloud API (the Graph API's POST /{phone_number_id}/messages): Bearer token,
// answers `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }`, errors as
// `{ error: { message, type, code, fbtrace_id } }`. It can fail on demand, and it plays Meta's
// side of the webhook: signed POSTs of inbound messages and delivery statuses to our route.
import { createHmac, randomBytes } from "node:crypto";
import { startFake, type Fake } from "./server";

export const WA_TOKEN = "EAAG-fake-access-token-0123456789";
export const WA_APP_SECRET = "fake-app-secret-abcdef0123456789";
export const WA_PHONE_NUMBER_ID = "109876543210987";
export const WA_BUSINESS_PHONE = "+5511955554444";

/** Where the e2e server's WHATSAPP_GRAPH_URL points (scripts/e2e-server.mjs): its own port + 7. */
export const e2eGraphPort = (e2ePort = Number(process.env.E2E_PORT ?? 3100)) => e2ePort + 7;

export interface SentMessage {
  id: string;
  to: string;
  type: string;
  text?: { body: string };
  template?: { name: string; language: { code: string }; components: { parameters?: { text: string }[] }[] };
}

export interface WhatsappFake extends Fake {
  /** Messages accepted, in order. */
  sent: SentMessage[];
  /** The next n sends answer this error (default: 500, Meta's transient error). */
  failNext(n: number, status?: number, code?: number): void;
}

const wamid = () => `wamid.${randomBytes(12).toString("base64url")}`;

export async function startWhatsappFake(token = WA_TOKEN, port = 0): Promise<WhatsappFake> {
  const sent: SentMessage[] = [];
  let failing = 0;
  let failStatus = 500;
  let failCode = 2;
  const fake = await startFake((req, res) => {
    const error = (status: number, message: string, code: number, type = "OAuthException") =>
      res.json(status, { error: { message, type, code, fbtrace_id: randomBytes(6).toString("hex") } });
    if (req.headers.authorization !== `Bearer ${token}`) return error(401, "Invalid OAuth access token", 190);
    const m = req.path.match(/^\/(\d+)\/messages$/);
    if (req.method !== "POST" || !m) return error(404, "Unknown path components", 2500);
    if (m[1] !== WA_PHONE_NUMBER_ID) return error(400, "Unsupported post request", 100, "GraphMethodException");
    if (failing > 0) {
      failing--;
      return error(failStatus, "Service temporarily unavailable", failCode);
    }
    const b = req.body as Record<string, unknown>;
    if (b?.messaging_product !== "whatsapp" || typeof b.to !== "string" || !/^\d{8,15}$/.test(b.to))
      return error(400, "(#100) Invalid parameter", 100);
    const msg = { ...(b as unknown as SentMessage), id: wamid() };
    sent.push(msg);
    res.json(200, {
      messaging_product: "whatsapp",
      contacts: [{ input: b.to, wa_id: b.to }],
      messages: [{ id: msg.id }],
    });
  }, port);
  return {
    ...fake,
    sent,
    failNext(n, status = 500, code = 2) {
      failing = n;
      failStatus = status;
      failCode = code;
    },
  };
}

/** Meta's webhook envelope around one change's value. */
export const webhookBody = (value: Record<string, unknown>, phoneNumberId = WA_PHONE_NUMBER_ID) => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: "WABA_ID",
      changes: [
        {
          field: "messages",
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: "5511955554444", phone_number_id: phoneNumberId },
            ...value,
          },
        },
      ],
    },
  ],
});

/** An inbound text message from `waId` (digits, as Meta writes it). */
export const inboundText = (waId: string, text: string, id = wamid()) =>
  webhookBody({
    contacts: [{ profile: { name: "Visitante" }, wa_id: waId }],
    messages: [
      { from: waId, id, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: text } },
    ],
  });

/** A delivery status of a message we sent. */
export const statusUpdate = (messageId: string, status: string, waId: string) =>
  webhookBody({
    statuses: [
      {
        id: messageId,
        status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: waId,
        ...(status === "failed" && { errors: [{ code: 131026, title: "Message undeliverable" }] }),
      },
    ],
  });

export const sign = (raw: string, secret = WA_APP_SECRET) =>
  `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;

/** POSTs a signed webhook to a running server's route (the e2e); answers the status. */
export async function postWebhook(url: string, body: unknown, secret = WA_APP_SECRET): Promise<number> {
  const raw = JSON.stringify(body);
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": sign(raw, secret) },
    body: raw,
  });
  return res.status;
}
