// The company profile with its plan, subscription and usage; updates by the owner only.
import { isUniqueViolation } from "@/lib/db/errors";
import { audit } from "@/lib/audit/log";
import type { SessionCtx } from "@/lib/auth/session";
import { effectivePlanId, effectiveStatus, planName } from "@/lib/billing/effective-plan";
import { planLimits, usage } from "@/lib/billing/plan-limits";
import { planPricing } from "@/lib/billing/plans";
import { db } from "@/lib/db/client";
import { conflict } from "@/lib/errors";
import { type CompanyUpdateInput } from "@/lib/validation/company";
import { COMPANY_MESSAGES } from "@/lib/copy/company";
import { companySlugFreeFor, moveCompanySlug } from "./former-slugs";

function usageItem(current: number, limit: number) {
  const unlimited = limit < 0;
  return {
    current,
    limit,
    unlimited,
    percentage: unlimited || limit === 0 ? 0 : Math.min(100, Math.round((current / limit) * 100)),
  };
}

export async function companyProfile(ctx: SessionCtx, now = new Date()) {
  const prisma = await db();
  const company = await prisma.company.findUniqueOrThrow({
    where: { id: ctx.companyId },
    include: { subscription: true },
  });
  const planId = effectivePlanId(company.subscription, now);
  const plan = await prisma.plan.findUniqueOrThrow({ where: { id: planId } });
  const [limits, used] = await Promise.all([planLimits(ctx.companyId, now), usage(ctx.companyId, now)]);
  const sub = company.subscription;
  return {
    company: {
      id: company.id,
      name: company.name,
      slug: company.slug,
      email: company.email,
      contact_email: company.contactEmail,
      phone: company.phone,
      legal_name: company.legalName,
      cnpj: company.cnpj,
      subscription_name: planName(planId),
      created_at: company.createdAt.toISOString(),
      updated_at: company.updatedAt.toISOString(),
      plan: { id: plan.id, name: plan.name, pricing: planPricing(plan.priceYearlyCents) },
      subscription: sub
        ? {
            plan_id: sub.planId,
            status: effectiveStatus(sub, now),
            starts_at: sub.startsAt.toISOString(),
            ends_at: sub.endsAt ? sub.endsAt.toISOString() : null,
            buyer_email: sub.buyerEmail,
            cancelled_at: sub.cancelledAt ? sub.cancelledAt.toISOString() : null,
          }
        : null,
      usage: {
        wheels: usageItem(used.wheels, limits.maxWheels),
        products: usageItem(used.products, limits.maxProducts),
        spins_month: usageItem(used.spinsMonth, limits.maxSpinsMonth),
      },
    },
  };
}

export async function isSlugAvailable(ctx: SessionCtx, slug: string) {
  return companySlugFreeFor(await db(), ctx.companyId, slug);
}

export async function updateCompany(ctx: SessionCtx, input: CompanyUpdateInput) {
  const prisma = await db();
  try {
    await prisma.$transaction(async (tx) => {
      const before = await tx.company.findUniqueOrThrow({ where: { id: ctx.companyId }, select: { slug: true } });
      await tx.company.update({
        where: { id: ctx.companyId },
        data: {
          name: input.name,
          slug: input.slug,
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(input.contact_email !== undefined ? { contactEmail: input.contact_email } : {}),
          ...(input.phone !== undefined ? { phone: input.phone } : {}),
          ...(input.legal_name !== undefined ? { legalName: input.legal_name } : {}),
          ...(input.cnpj !== undefined ? { cnpj: input.cnpj } : {}),
        },
      });
      if (before.slug === input.slug) return;
      // Checked after the write: a company leaving this slug in a transaction that commits while
      // ours waits on the slug's unique index has made it former by now, so we see it and refuse.
      if (!(await companySlugFreeFor(tx, ctx.companyId, input.slug))) throw conflict(COMPANY_MESSAGES.slugTaken);
      await moveCompanySlug(tx, ctx.companyId, before.slug, input.slug);
    });
  } catch (err) {
    // Another company holds the slug now: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(COMPANY_MESSAGES.slugTaken);
    throw err;
  }
  await audit({
    action: "company.updated",
    companyId: ctx.companyId,
    userId: ctx.userId,
    detail: { slug: input.slug },
  });
  return companyProfile(ctx);
}
