-- Issue 38 (docs/decisions/embed.md "Refused sites are shown to the shop"). The sites whose pages
-- tried to show the wheel and were refused by its embed_origins: a short list, newest first, of
-- { origin, at } (at most 10, written by lib/embed/refused-origins.ts), shown in the embed wizard.

-- AlterTable
ALTER TABLE "Wheel" ADD COLUMN "embedRefusedOrigins" JSONB NOT NULL DEFAULT '[]';
