// The shapes docs/api.md gives users and companies.
import type { Company, Membership, Subscription } from "@/lib/generated/prisma/client";
import { effectivePlanId, planName } from "@/lib/billing/effective-plan";

type CompanyWithSub = Company & { subscription: Subscription | null };

export function companyDto(c: CompanyWithSub, now = new Date()) {
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    email: c.email,
    phone: c.phone,
    subscription_name: planName(effectivePlanId(c.subscription, now)),
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export function userDto(u: { id: string; name: string; email: string }, m: { role: string }, c: CompanyWithSub) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: m.role,
    company_id: c.id,
    company_name: c.name,
    company_slug: c.slug,
    subscription_name: companyDto(c).subscription_name,
  };
}

export function availableCompaniesDto(memberships: (Membership & { company: Company })[]) {
  return memberships
    .map((m) => ({ id: m.company.id, name: m.company.name, slug: m.company.slug, role: m.role }))
    .sort((a, b) => a.name.localeCompare(b.name, "pt-BR"));
}
