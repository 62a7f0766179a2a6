// The outbox's side of an LGPD erasure (docs/api.md "LGPD"): every message about the erased spins
// keeps its row in the log, but its body is cut down to the spin's id (what a message about a
// removed spin carries), the receivers' stored answers are dropped (they may echo the lead), a
// message still waiting is cancelled, and all are marked erased, so "Reenviar" refuses them (410).
// A job about an erased spin (lib/jobs/enqueue.ts `spinId`) loses its payload and last error, and is
// cancelled if it was still waiting.
import type { Prisma } from "@/lib/generated/prisma/client";
import { spinMessageBody } from "./events";

type Tx = Prisma.TransactionClient;

/** Runs inside the erasure's transaction, after the spins were anonymised. */
export async function eraseMessagesAbout(tx: Tx, companyId: string, spinIds: string[], now: Date): Promise<void> {
  if (!spinIds.length) return;
  const rows = await tx.webhookDelivery.findMany({
    where: { companyId, kind: "webhook", spinId: { in: spinIds } },
    select: { id: true, event: true, occurredAt: true, spinId: true },
  });
  await tx.$executeRaw`
    UPDATE "WebhookDelivery"
    SET payload = NULL, "lastError" = NULL, "erasedAt" = ${now}, "updatedAt" = ${now},
        status = CASE WHEN status = 'pending' THEN 'cancelled' ELSE status END,
        "nextAttemptAt" = CASE WHEN status = 'pending' THEN NULL ELSE "nextAttemptAt" END
    WHERE "companyId" = ${companyId} AND kind <> 'webhook' AND "spinId" = ANY(${spinIds}::text[])`;
  if (!rows.length) return;
  const ids = rows.map((r) => r.id);
  const bodies = rows.map((r) => spinMessageBody(r.event, r.occurredAt, r.spinId!, undefined));
  // The status and nextAttemptAt on the right are the row's values before this update.
  await tx.$executeRaw`
    UPDATE "WebhookDelivery" d
    SET body = v.body, "erasedAt" = ${now}, "updatedAt" = ${now},
        status = CASE WHEN d.status = 'pending' THEN 'cancelled' ELSE d.status END,
        "nextAttemptAt" = CASE WHEN d.status = 'pending' THEN NULL ELSE d."nextAttemptAt" END
    FROM (SELECT unnest(${ids}::text[]) AS id, unnest(${bodies}::text[]) AS body) v
    WHERE d.id = v.id`;
  await tx.$executeRaw`
    UPDATE "WebhookAttempt" SET "responseBody" = NULL
    WHERE "deliveryId" = ANY(${ids}::text[]) AND "responseBody" IS NOT NULL`;
}
