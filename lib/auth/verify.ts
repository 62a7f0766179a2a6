// Who am I (verify) and switching the current company (membership checked).
import { audit } from "@/lib/audit/log";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { userDto } from "./dto";
import type { SessionCtx } from "./session";
import { availableCompanies, sessionPayload } from "./session-payload";

export async function verifySession(ctx: SessionCtx) {
  const prisma = await db();
  const m = await prisma.membership.findUniqueOrThrow({
    where: { userId_companyId: { userId: ctx.userId, companyId: ctx.companyId } },
    include: { user: true, company: { include: { subscription: true } } },
  });
  return { user: userDto(m.user, m, m.company), availableCompanies: await availableCompanies(ctx.userId) };
}

export async function switchCompany(ctx: SessionCtx, companyId: string) {
  const prisma = await db();
  const member = await prisma.membership.findUnique({ where: { userId_companyId: { userId: ctx.userId, companyId } } });
  if (!member) {
    await audit({
      action: "tenant.cross_company_refused",
      userId: ctx.userId,
      companyId: ctx.companyId,
      detail: { target: companyId },
    });
    throw notFound("Empresa não encontrada");
  }
  return sessionPayload(ctx.userId, companyId);
}
