// Builds what login, signup and switch-company answer: a token plus the user and company views.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { availableCompaniesDto, companyDto, userDto } from "./dto";
import { issueToken } from "./tokens";

export async function sessionPayload(userId: string, companyId: string) {
  const prisma = await db();
  const membership = await prisma.membership.findUnique({
    where: { userId_companyId: { userId, companyId } },
    include: { user: true, company: { include: { subscription: true } } },
  });
  if (!membership) throw notFound("Empresa não encontrada");
  const { user, company } = membership;
  const token = await issueToken({ sub: user.id, cid: company.id, sv: user.sessionVersion });
  return { token, user: userDto(user, membership, company), company: companyDto(company) };
}

export async function availableCompanies(userId: string) {
  const prisma = await db();
  const memberships = await prisma.membership.findMany({ where: { userId }, include: { company: true } });
  return availableCompaniesDto(memberships);
}

/** The company a user lands in after login: the oldest membership. */
export async function defaultCompanyId(userId: string): Promise<string | null> {
  const prisma = await db();
  const m = await prisma.membership.findFirst({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { companyId: true },
  });
  return m?.companyId ?? null;
}
