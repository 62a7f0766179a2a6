// Audit trail for security-relevant events (logins, resets, refused cross-company attempts, LGPD).
// Never fails the caller: losing an audit row must not lose the user's action.
import { log } from "@/lib/log";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";

export interface AuditEntry {
  action: string;
  companyId?: string | null;
  userId?: string | null;
  ip?: string | null;
  detail?: Prisma.InputJsonValue;
}

export async function audit(entry: AuditEntry): Promise<void> {
  try {
    const prisma = await db();
    await prisma.auditLog.create({ data: { ...entry, ip: entry.ip ?? null } });
  } catch (err) {
    log().error({ err, action: entry.action }, "audit entry not recorded");
  }
}
