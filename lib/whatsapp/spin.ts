// The spin's two WhatsApp steps on a wheel that asks for proof (docs/api.md "WhatsApp (issue 27)"):
// before the draw, the verification check (lib/whatsapp/verification.ts assertVerified); after it,
// the lead marked verified and, on a win, the prize queued for the chat. One UPDATE and one job
// insert, only on such wheels; Meta is called by the worker, never here.
import "server-only";
import { db } from "@/lib/db/client";
import { queuePrize } from "./dispatch";

export { assertVerified } from "./verification";

export async function afterVerifiedSpin(lead: {
  companyId: string;
  wheelId: string;
  whatsapp: string;
  playWindow: number;
}) {
  const prisma = await db();
  // The unique key (wheel, number, window) names the spin just recorded.
  const [spin] = await prisma.$queryRaw<{ id: string; won: boolean }[]>`
    UPDATE "Spin" SET "whatsappVerified" = true,
      "messageStatus" = CASE WHEN won AND "redemptionCode" IS NOT NULL THEN 'queued' ELSE NULL END
    WHERE "wheelId" = ${lead.wheelId} AND whatsapp = ${lead.whatsapp} AND "playWindow" = ${lead.playWindow}
    RETURNING id, won`;
  if (spin?.won) await queuePrize(lead.companyId, spin.id);
}
