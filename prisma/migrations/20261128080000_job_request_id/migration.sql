-- Issue 40, logs: the request that queued a job (lib/jobs/enqueue.ts), so the worker's log lines
-- about that job carry the same request id as the request's own (docs/decisions/operations.md
-- "Logs: pino"). Null for rows a trigger writes (webhook messages, RD Station conversions) and for
-- jobs queued outside a request (the sweep). A nullable column without a default: no rewrite.
ALTER TABLE "WebhookDelivery" ADD COLUMN "requestId" VARCHAR(64);
