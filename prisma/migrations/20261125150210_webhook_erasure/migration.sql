-- Trust round two, LGPD erasure reaches the outbox (docs/decisions.md "Trust round two: webhooks"):
-- a message about an erased person keeps its place in the log, its body scrubbed to the spin's id,
-- and is marked erased: never sent again ("Reenviar" answers 410 ERASED).

-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN "erasedAt" TIMESTAMP(3);
