// The subscription a new company starts with (DEFAULT_PLAN; docs/decisions/operations.md "Private
// installs: sign-up and plan"): unset, the hosted service's 14-day Pro trial that ends on Free; on
// a private install, Free or Pro with no end (Pro: no Free limits).
import { env } from "@/lib/env";
import { FREE_PLAN_ID, PRO_PLAN_ID, trialEndsAt } from "./effective-plan";

export function newCompanySubscription(now: Date) {
  const plan = env().DEFAULT_PLAN;
  if (!plan) return { planId: PRO_PLAN_ID, status: "trial" as const, startsAt: now, endsAt: trialEndsAt(now) };
  return {
    planId: plan === "pro" ? PRO_PLAN_ID : FREE_PLAN_ID,
    status: "active" as const,
    startsAt: now,
    endsAt: null,
  };
}
