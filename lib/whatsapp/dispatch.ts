// WhatsApp's sends leave the visitor's path here: nothing a visitor waits for calls Meta.
import "server-only";
import { outsideRequest } from "@/lib/async/outside-request";
import { sendCode, sendPrize, type SendResult } from "./send";

export type WhatsappJob = "code" | "prize";

const RETRY_MS = [1000, 5000, 30_000];

async function runDetached(run: () => Promise<SendResult>) {
  for (let i = 0; ; i++) {
    const result = await run().catch((err: Error): SendResult => ({ status: "retry", error: err.message }));
    if (result.status !== "retry" || i >= RETRY_MS.length) return;
    await new Promise((r) => setTimeout(r, RETRY_MS[i]));
  }
}

/** Queues one send for the company (the payload names the verification or the spin). */
export async function queueWhatsapp(
  kind: WhatsappJob,
  _companyId: string,
  payload: { verification_id?: string; spin_id?: string },
) {
  const run = kind === "code" ? () => sendCode(payload.verification_id ?? "") : () => sendPrize(payload.spin_id ?? "");
  outsideRequest(() => void runDetached(run));
}
