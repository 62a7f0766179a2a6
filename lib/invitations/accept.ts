// The invitee's side: what the /convite page shows, accepting with a session of the invited
// account, and creating the account when the email had none. Only the mailbox's holder has the
// token; accepting also needs a password that holder chose, so an account an owner created with
// a password of their own (POST /users) cannot be walked into another company by that owner.
import { audit } from "@/lib/audit/log";
import { hashToken } from "@/lib/auth/one-time-token";
import { hashPassword } from "@/lib/auth/password";
import type { SessionCtx } from "@/lib/auth/session";
import { sessionPayload } from "@/lib/auth/session-payload";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Invitation, Prisma } from "@/lib/generated/prisma/client";
import { AppError, conflict, forbidden, notFound } from "@/lib/errors";
import { type RegisterFromInvitationInput } from "@/lib/validation/invitations";
import { INVITATION_MESSAGES as M } from "@/lib/copy/invitations";
import { pendingWhere } from "./service";

export type InvitationState = "pending" | "expired" | "used" | "cancelled";

const GONE = {
  expired: () => new AppError("INVITATION_EXPIRED", M.expired),
  used: () => new AppError("INVITATION_USED", M.used),
  cancelled: () => new AppError("INVITATION_CANCELLED", M.cancelledByOwner),
} as const;

function stateOf(i: Invitation, now = new Date()): InvitationState {
  if (i.acceptedAt) return "used";
  if (i.cancelledAt) return "cancelled";
  return i.expiresAt <= now ? "expired" : "pending";
}

async function findByToken(token: string) {
  const prisma = await db();
  return prisma.invitation.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { company: { select: { id: true, name: true, slug: true } } },
  });
}

async function usable(token: string) {
  const i = await findByToken(token);
  if (!i) throw notFound(M.notFound);
  const state = stateOf(i);
  if (state !== "pending") throw GONE[state]();
  return i;
}

/** Claims the invitation and adds the membership together: a second use finds nothing to claim. */
async function join(tx: Prisma.TransactionClient, i: Invitation, userId: string) {
  const now = new Date();
  const claimed = await tx.invitation.updateMany({
    where: { id: i.id, ...pendingWhere(now) },
    data: { acceptedAt: now, acceptedById: userId },
  });
  if (claimed.count !== 1) throw GONE.used();
  await tx.membership.create({ data: { userId, companyId: i.companyId, role: i.role, unitIds: i.unitIds } });
}

/** For the invitation page: null when the token matches nothing. */
export async function invitationPreview(token: string) {
  const i = await findByToken(token);
  if (!i) return null;
  const prisma = await db();
  const account = await prisma.user.findUnique({ where: { email: i.email }, select: { id: true } });
  return { state: stateOf(i), email: i.email, role: i.role, companyName: i.company.name, hasAccount: !!account };
}

export async function acceptInvitation(ctx: SessionCtx, token: string) {
  const i = await usable(token);
  const prisma = await db();
  const user = await prisma.user.findUniqueOrThrow({ where: { id: ctx.userId } });
  if (user.email !== i.email) throw forbidden(M.otherAccount);
  if (user.passwordChangeRequired) throw new AppError("PASSWORD_CHANGE_REQUIRED", M.passwordChangeRequired);
  const member = await prisma.membership.findUnique({
    where: { userId_companyId: { userId: user.id, companyId: i.companyId } },
  });
  if (member) throw conflict(M.alreadyMember);
  await prisma
    .$transaction((tx) => join(tx, i, user.id))
    .catch((err) => {
      throw isUniqueViolation(err) ? conflict(M.alreadyMember) : err;
    });
  await audit({ action: "user.joined", companyId: i.companyId, userId: user.id, detail: { invitation: i.id } });
  return { message: M.accepted, company: { ...i.company, role: i.role } };
}

/** The email had no account: the token's holder creates it, with a password of their own. */
export async function registerFromInvitation(input: RegisterFromInvitationInput, ip: string) {
  const i = await usable(input.token);
  const passwordHash = await hashPassword(input.password);
  const prisma = await db();
  const userId = await prisma
    .$transaction(async (tx) => {
      const user = await tx.user.create({ data: { name: input.name, email: i.email, passwordHash } });
      await join(tx, i, user.id);
      return user.id;
    })
    .catch((err) => {
      throw isUniqueViolation(err) ? conflict(M.accountExists) : err;
    });
  await audit({ action: "user.joined", companyId: i.companyId, userId, ip, detail: { invitation: i.id, new: true } });
  return sessionPayload(userId, i.companyId);
}
