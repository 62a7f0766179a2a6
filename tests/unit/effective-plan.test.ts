// Which plan applies at a given instant: trial and paid periods end at endsAt, then Free.
import { describe, expect, it } from "vitest";
import { effectivePlanId, effectiveStatus, planName, TRIAL_DAYS, trialEndsAt } from "@/lib/billing/effective-plan";
import { planPricing } from "@/lib/billing/plans";

const at = (iso: string) => new Date(iso);

describe("effectivePlanId / effectiveStatus", () => {
  it("a 14-day trial from signup is Pro until its last millisecond, then Free and 'expired'", () => {
    const start = at("2026-11-01T15:00:00Z");
    const end = trialEndsAt(start);
    expect(TRIAL_DAYS).toBe(14);
    expect(end.toISOString()).toBe("2026-11-15T15:00:00.000Z");
    const trial = { planId: "pro", status: "trial" as const, endsAt: end };
    expect(effectivePlanId(trial, at("2026-11-15T14:59:59.999Z"))).toBe("pro");
    expect(effectiveStatus(trial, at("2026-11-15T14:59:59.999Z"))).toBe("trial");
    expect(effectivePlanId(trial, end)).toBe("free");
    expect(effectiveStatus(trial, end)).toBe("expired");
  });

  it("cancelled and past_due keep the paid plan until endsAt; expired is always Free", () => {
    const endsAt = at("2027-06-01T00:00:00Z");
    for (const status of ["active", "cancelled", "past_due"] as const) {
      expect(effectivePlanId({ planId: "pro", status, endsAt }, at("2027-05-31T23:59:59Z"))).toBe("pro");
      expect(effectiveStatus({ planId: "pro", status, endsAt }, at("2027-05-31T23:59:59Z"))).toBe(status);
      expect(effectivePlanId({ planId: "pro", status, endsAt }, at("2027-06-01T00:00:01Z"))).toBe("free");
    }
    expect(effectivePlanId({ planId: "pro", status: "expired", endsAt }, at("2027-01-01T00:00:00Z"))).toBe("free");
    expect(effectivePlanId({ planId: "pro", status: "active", endsAt: null }, at("2099-01-01T00:00:00Z"))).toBe("pro");
    expect(effectivePlanId(null)).toBe("free");
    expect(effectiveStatus(undefined)).toBe("expired");
  });

  it("names plans and shows prices in reais with monthly = yearly / 12 (2 decimals)", () => {
    expect(planName("pro")).toBe("Pro");
    expect(planName("free")).toBe("Free");
    expect(planPricing(9700)).toEqual({ yearly: 97, monthly: 8.08 });
    expect(planPricing(0)).toEqual({ yearly: 0, monthly: 0 });
    expect(planPricing(11990)).toEqual({ yearly: 119.9, monthly: 9.99 });
  });
});
