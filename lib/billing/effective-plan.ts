// Which plan a company may use right now. Pure, so trial expiry is tested by moving the clock.
// trial/active/past_due/cancelled keep the paid plan until endsAt; after that, or when expired, Free.
export const FREE_PLAN_ID = "free";
export const PRO_PLAN_ID = "pro";
export const TRIAL_DAYS = 14;

export interface SubscriptionLike {
  planId: string;
  status: "trial" | "active" | "past_due" | "cancelled" | "expired";
  endsAt: Date | null;
}

export function effectivePlanId(sub: SubscriptionLike | null | undefined, now = new Date()): string {
  if (!sub || sub.status === "expired") return FREE_PLAN_ID;
  if (sub.endsAt && sub.endsAt.getTime() <= now.getTime()) return FREE_PLAN_ID;
  return sub.planId;
}

/** The status to show: a trial or paid period that has run out reads as expired. */
export function effectiveStatus(sub: SubscriptionLike | null | undefined, now = new Date()) {
  if (!sub) return "expired" as const;
  if (sub.status !== "expired" && sub.endsAt && sub.endsAt.getTime() <= now.getTime()) return "expired" as const;
  return sub.status;
}

export function trialEndsAt(start: Date) {
  return new Date(start.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
}

export const planName = (planId: string) => (planId === PRO_PLAN_ID ? "Pro" : "Free");
