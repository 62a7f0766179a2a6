// The owner's side of invitations: invite an email, list the pending ones, cancel one. The answer
// is the same whether or not the email has an account (nothing is looked up), and the link goes
// only to that mailbox: whoever accepts proves they read it (lib/invitations/accept.ts).
import "server-only";
import { log } from "@/lib/log";
import { audit } from "@/lib/audit/log";
import { newOneTimeToken } from "@/lib/auth/one-time-token";
import { roleLabel } from "@/lib/auth/permissions";
import type { SessionCtx } from "@/lib/auth/session";
import { tenantDb, tenantTx } from "@/lib/db/tenant";
import { env } from "@/lib/env";
import type { Invitation } from "@/lib/generated/prisma/client";
import { AppError, conflict, notFound } from "@/lib/errors";
import { sendMail } from "@/lib/mail";
import { consume, LIMITS, refund } from "@/lib/rate-limit";
import { type InvitationInput } from "@/lib/validation/invitations";
import { INVITATION_MESSAGES as M } from "@/lib/copy/invitations";
import { USER_MESSAGES } from "@/lib/copy/users";
import { invitationMail } from "./mail";
import { staffUnits } from "@/lib/users/service";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Still usable: not accepted, not cancelled, not expired. */
export const pendingWhere = (now = new Date()) => ({ acceptedAt: null, cancelledAt: null, expiresAt: { gt: now } });

/**
 * Counts one invitation e-mail against both limits: 30 a company in an hour, and 3 an address in a
 * day, whichever companies send them (someone can make many companies, but has one mailbox to
 * flood). A refusal by the address gives the company's hit back: no e-mail went out.
 */
async function countInvitationMail(companyId: string, email: string) {
  await consume(LIMITS.invitationsPerCompany(), companyId, M.tooManyForCompany);
  try {
    await consume(LIMITS.invitationsPerAddress(), email, M.tooManyForAddress);
  } catch (err) {
    await refund(LIMITS.invitationsPerCompany(), companyId);
    throw err;
  }
}

const view = (i: Invitation) => ({
  id: i.id,
  email: i.email,
  role: i.role,
  unit_ids: i.unitIds,
  expires_at: i.expiresAt.toISOString(),
});

export async function createInvitation(ctx: SessionCtx, input: InvitationInput) {
  const t = await tenantDb(ctx);
  // Members are listed on this very screen, so saying so reveals nothing about other companies.
  if (await t.membership.findFirst({ where: { user: { email: input.email } } }))
    throw conflict(USER_MESSAGES.alreadyMember);
  const unitIds = await staffUnits(ctx, input.role, input.unit_ids);
  await countInvitationMail(ctx.companyId, input.email);
  const { token, tokenHash } = newOneTimeToken();
  const [company, invitation] = await tenantTx(ctx, async (tx) => {
    // A new invitation replaces the pending one for the same email: only the latest link works.
    await tx.invitation.updateMany({
      where: { email: input.email, ...pendingWhere() },
      data: { cancelledAt: new Date() },
    });
    return Promise.all([
      tx.company.findUniqueOrThrow({ where: { id: ctx.companyId }, select: { name: true } }),
      tx.invitation.create({
        data: {
          companyId: ctx.companyId,
          email: input.email,
          role: input.role,
          unitIds,
          tokenHash,
          invitedById: ctx.userId,
          expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        },
      }),
    ]);
  });
  const link = `${env().APP_URL}/convite/${token}`;
  try {
    await sendMail(invitationMail({ to: input.email, companyName: company.name, role: roleLabel(input.role), link }));
  } catch (err) {
    log().error({ err }, "invitation e-mail failed");
    await t.invitation.update({ where: { id: invitation.id }, data: { cancelledAt: new Date() } });
    throw new AppError("UNAVAILABLE", M.sendFailed);
  }
  await audit({
    action: "user.invited",
    companyId: ctx.companyId,
    userId: ctx.userId,
    detail: { invitation: invitation.id, role: input.role },
  });
  return { invitation: view(invitation) };
}

export async function listInvitations(ctx: SessionCtx) {
  const t = await tenantDb(ctx);
  const rows = await t.invitation.findMany({ where: pendingWhere(), orderBy: { createdAt: "desc" } });
  return { invitations: rows.map((i) => ({ ...view(i), created_at: i.createdAt.toISOString() })) };
}

export async function cancelInvitation(ctx: SessionCtx, id: string) {
  const t = await tenantDb(ctx);
  const cancelled = await t.invitation.updateMany({
    where: { id, ...pendingWhere() },
    data: { cancelledAt: new Date() },
  });
  if (cancelled.count !== 1) throw notFound(M.notFound);
  await audit({ action: "user.invitation_cancelled", companyId: ctx.companyId, userId: ctx.userId, detail: { id } });
  return { message: M.cancelled };
}
