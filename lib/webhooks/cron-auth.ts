// The cron route's caller check: the bearer must equal CRON_SECRET (compared in constant time).
// With no CRON_SECRET configured nobody may call it.
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { unauthenticated } from "@/lib/errors";
import { WEBHOOK_MESSAGES } from "@/lib/copy/webhooks";

const digest = (text: string) => createHash("sha256").update(text).digest();

export function assertCronCaller(authorization: string | null): void {
  const secret = env().CRON_SECRET;
  const given = authorization?.match(/^Bearer (.+)$/)?.[1];
  if (!secret || !given || !timingSafeEqual(digest(given), digest(secret))) {
    throw unauthenticated(WEBHOOK_MESSAGES.cronUnauthorized);
  }
}
