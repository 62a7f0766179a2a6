-- Klaviyo, Brevo, Mailchimp and ActiveCampaign (docs/api.md "The marketing tools Brazilian shops use"):
-- one integration row per company and tool.
CREATE TABLE "MarketingIntegration" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "tool" VARCHAR(20) NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "credentials" TEXT NOT NULL,
    "credentialsHint" VARCHAR(8) NOT NULL,
    "listId" VARCHAR(100) NOT NULL,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "wheelIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "lastDeliveryAt" TIMESTAMP(3),
    "lastError" TEXT,
    "lastErrorAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MarketingIntegration_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "MarketingIntegration_companyId_tool_key" ON "MarketingIntegration"("companyId", "tool");

ALTER TABLE "MarketingIntegration" ADD CONSTRAINT "MarketingIntegration_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every new spin with an e-mail (and the visitor's consent) queues one 'marketing.lead' job per
-- tool the company has on for that wheel (no wheels chosen: all), in the spin's own statement, as
-- the RD Station trigger of migration 20261126033000 does. Without an integration the join finds nothing.
CREATE FUNCTION "marketing_enqueue_leads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "WebhookDelivery" (id, "companyId", kind, event, payload, "spinId", "nextAttemptAt", "occurredAt", "createdAt", "updatedAt")
  SELECT 'job_' || replace(gen_random_uuid()::text, '-', ''), s."companyId", 'marketing.lead', 'marketing.lead',
         jsonb_build_object('spin_id', s.id, 'tool', m.tool), s.id, s."createdAt", s."createdAt", s."createdAt", s."createdAt"
  FROM new_spins s
  JOIN "MarketingIntegration" m ON m."companyId" = s."companyId" AND m.enabled
   AND (cardinality(m."wheelIds") = 0 OR s."wheelId" = ANY (m."wheelIds"))
  WHERE s.email IS NOT NULL AND s."consentAt" IS NOT NULL AND m."listId" <> '';
  RETURN NULL;
END $$;

CREATE TRIGGER "Spin_insert_enqueues_marketing" AFTER INSERT ON "Spin"
  REFERENCING NEW TABLE AS new_spins FOR EACH STATEMENT EXECUTE FUNCTION "marketing_enqueue_leads"();
