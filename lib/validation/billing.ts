// Subscription actions.
import { z } from "./z";
import { BILLING_MESSAGES } from "@/lib/copy/billing";

export const upgradeInput = z.object({
  plan_id: z
    .string({ error: BILLING_MESSAGES.onlyToPro })
    .trim()
    .min(1, BILLING_MESSAGES.onlyToPro)
    .max(20, BILLING_MESSAGES.onlyToPro),
});

export const cancelInput = z.object({
  reason: z.string().trim().max(500, BILLING_MESSAGES.reasonMax).optional().nullable(),
});

export type CancelInput = z.infer<typeof cancelInput>;
