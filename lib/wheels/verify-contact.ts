// A wheel's verify_contact (docs/api.md "WhatsApp (issue 27)"): `whatsapp` makes the visitor prove
// the number before spinning, which needs the company's WhatsApp connected (else 400); so do
// reminders by WhatsApp.
import "server-only";
import { AppError } from "@/lib/errors";
import type { Wheel } from "@/lib/generated/prisma/client";
import { WHATSAPP_MESSAGES } from "@/lib/copy/whatsapp";
import type { VerifyContact } from "@/lib/validation/whatsapp";
import { db } from "@/lib/db/client";

/** Whether the company's WhatsApp is saved and enabled. */
// Read here rather than through lib/whatsapp, which imports lib/wheels (the claim link).
const whatsappConnected = async (companyId: string) =>
  !!(await (
    await db()
  ).whatsappAccount.findFirst({ where: { companyId, enabled: true }, select: { companyId: true } }));

/**
 * Reminders by WhatsApp need the company's WhatsApp connected (else 400, issue 49): a wheel saved
 * with them otherwise promised messages that could only fail.
 */
export async function assertRemindersReachable(
  companyId: string,
  input: { reminders?: { enabled: boolean; channels: string[] } },
) {
  const r = input.reminders;
  if (!r?.enabled || !r.channels.includes("whatsapp") || (await whatsappConnected(companyId))) return;
  throw new AppError("WHATSAPP_NOT_CONNECTED", WHATSAPP_MESSAGES.remindersNotConnected, {
    fields: { "reminders.channels": WHATSAPP_MESSAGES.remindersNotConnected },
  });
}

export async function verifyContactColumns(
  companyId: string,
  input: { verify_contact?: VerifyContact },
): Promise<Partial<Pick<Wheel, "verifyContact">>> {
  if (input.verify_contact === undefined) return {};
  if (input.verify_contact === "whatsapp" && !(await whatsappConnected(companyId)))
    throw new AppError("WHATSAPP_NOT_CONNECTED", WHATSAPP_MESSAGES.notConnected, {
      fields: { verify_contact: WHATSAPP_MESSAGES.notConnected },
    });
  return { verifyContact: input.verify_contact };
}
