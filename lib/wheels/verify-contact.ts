// A wheel's verify_contact (docs/api.md "WhatsApp (issue 27)"): `whatsapp` makes the visitor prove
// the number before spinning, which needs the company's WhatsApp connected (else 400).
import "server-only";
import { AppError } from "@/lib/errors";
import type { Wheel } from "@/lib/generated/prisma/client";
import { WHATSAPP_MESSAGES } from "@/lib/copy/whatsapp";
import type { VerifyContact } from "@/lib/validation/whatsapp";
import { db } from "@/lib/db/client";

export async function verifyContactColumns(
  companyId: string,
  input: { verify_contact?: VerifyContact },
): Promise<Partial<Pick<Wheel, "verifyContact">>> {
  if (input.verify_contact === undefined) return {};
  // Read here rather than through lib/whatsapp, which imports lib/wheels (the claim link).
  const connected = async () =>
    !!(await (
      await db()
    ).whatsappAccount.findFirst({ where: { companyId, enabled: true }, select: { companyId: true } }));
  if (input.verify_contact === "whatsapp" && !(await connected()))
    throw new AppError("WHATSAPP_NOT_CONNECTED", WHATSAPP_MESSAGES.notConnected, {
      fields: { verify_contact: WHATSAPP_MESSAGES.notConnected },
    });
  return { verifyContact: input.verify_contact };
}
