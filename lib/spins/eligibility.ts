// Whether a WhatsApp may still play on a wheel, asked at 'Começar' before the visitor sees the
// wheel (docs/api.md "The prize is never lost (issue 13)"): the 409 a spin would get, or eligible. It records
// nothing; the route shares the spin's per-address rate limit, so it cannot list who played.
import { playWindow } from "@/lib/campaigns/schedule";
import { db } from "@/lib/db/client";
import { loadPublicWheel } from "./public-wheel";
import { alreadyPlayed } from "./spin";
import { normalizeWhatsapp } from "@/lib/whatsapp";

export async function eligibility(companySlug: string, wheelRef: string, whatsapp: string, now = new Date()) {
  const { wheel } = await loadPublicWheel(companySlug, wheelRef, now);
  const prisma = await db();
  const seen = await prisma.spin.findUnique({
    where: {
      wheelId_whatsapp_playWindow: {
        wheelId: wheel.id,
        whatsapp: normalizeWhatsapp(whatsapp),
        playWindow: playWindow(wheel, now),
      },
    },
    select: { id: true },
  });
  if (seen) throw alreadyPlayed(wheel, now);
  return { eligible: true as const };
}
