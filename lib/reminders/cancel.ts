// Reminders stop by the write that makes them pointless (docs/decisions/reminders.md "Cancelled by
// the redemption's own write"): the redemption cancels its spin's waiting reminders in its own
// transaction, an undone redemption (within minutes) brings back those still ahead, the visitor's
// opt-out cancels them with the opt-out. An erasure cancels every job of the spin
// (lib/webhooks/erasure.ts). The job re-checks the spin when it runs (lib/reminders/send.ts), so a
// reminder claimed just before its cancellation still sends nothing.
import type { Prisma } from "@/lib/generated/prisma/client";

type Tx = Pick<Prisma.TransactionClient, "$executeRaw">;

/** Why a reminder was cancelled, kept in the row's lastError. */
export type CancelReason = "redeemed" | "opted out";

/** Cancels the spin's waiting reminders; the number cancelled. */
export async function cancelReminders(
  tx: Tx,
  spinId: string,
  reason: CancelReason = "redeemed",
  now = new Date(),
): Promise<number> {
  return tx.$executeRaw`
    UPDATE "WebhookDelivery" SET status = 'cancelled', "lastError" = ${reason}, "updatedAt" = ${now}
    WHERE "spinId" = ${spinId} AND kind = 'reminder.send' AND status = 'pending'`;
}

/** After an undone redemption: the reminders it cancelled that are still ahead wait again. */
export async function restoreReminders(tx: Tx, spinId: string, now = new Date()): Promise<number> {
  return tx.$executeRaw`
    UPDATE "WebhookDelivery"
    SET status = 'pending', "lastError" = NULL, "updatedAt" = ${now},
        "nextAttemptAt" = (payload->>'at')::timestamptz AT TIME ZONE 'UTC'
    WHERE "spinId" = ${spinId} AND kind = 'reminder.send' AND status = 'cancelled'
      AND "lastError" = 'redeemed' AND "erasedAt" IS NULL AND payload IS NOT NULL
      AND (payload->>'at')::timestamptz AT TIME ZONE 'UTC' > ${now}`;
}
