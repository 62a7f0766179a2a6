// A visitor's spin: drawn on the server with crypto randomness, weighted by odds over prizes in
// stock. The lead, the stock decrement and the wheel's counter commit together or not at all;
// if the chosen prize ran out meanwhile, the draw is made again among the rest.
import { isUniqueViolation } from "@/lib/db/errors";
import { assertSpinAllowed } from "@/lib/billing/plan-limits";
import { db } from "@/lib/db/client";
import { AppError, conflict } from "@/lib/http/errors";
import { PUBLIC_MESSAGES, type SpinInput } from "@/lib/validation/public";
import { drawPrize } from "./draw";
import { availablePrizes, findPublicWheel } from "./public-wheel";
import { newRedemptionCode } from "./redemption-code";
import { normalizeWhatsapp } from "./whatsapp";

/** Version of the consent text shown on the form; stored with every lead as proof. */
export const CONSENT_VERSION = "2026-11-v1";

const soldOut = () => new AppError("GONE", PUBLIC_MESSAGES.soldOutText);

export async function spin(companySlug: string, wheelRef: string, input: SpinInput, ip: string) {
  const { company, wheel } = await findPublicWheel(companySlug, wheelRef);
  const whatsapp = normalizeWhatsapp(input.whatsapp);
  const prisma = await db();
  if (await prisma.spin.findUnique({ where: { wheelId_whatsapp: { wheelId: wheel.id, whatsapp } }, select: { id: true } })) {
    throw conflict(PUBLIC_MESSAGES.duplicate);
  }
  await assertSpinAllowed(company.id);

  let pool = await availablePrizes(company.id, wheel.id);
  for (let attempt = 0; attempt < 20; attempt++) {
    const prize = drawPrize(pool);
    if (!prize) throw soldOut();
    const now = new Date();
    const code = newRedemptionCode();
    try {
      const created = await prisma.$transaction(async (tx) => {
        const taken = await tx.$executeRaw`UPDATE "Product" SET stock = stock - 1, "updatedAt" = now()
          WHERE id = ${prize.id} AND "companyId" = ${company.id} AND stock > 0 AND "isActive" = true`;
        if (taken !== 1) return null;
        await tx.wheel.update({ where: { id: wheel.id }, data: { spinCount: { increment: 1 } } });
        return tx.spin.create({
          data: {
            companyId: company.id,
            wheelId: wheel.id,
            wheelName: wheel.name,
            customerName: input.name,
            whatsapp,
            customerBirthdate: input.birthdate ? new Date(`${input.birthdate}T00:00:00Z`) : null,
            productId: prize.id,
            productName: prize.name,
            won: true,
            consentAt: now,
            consentVersion: CONSENT_VERSION,
            consentIp: ip.slice(0, 64),
            redemptionCode: code,
            createdAt: now,
          },
        });
      });
      if (!created) {
        // Lost the race for the last unit: draw again among what is left.
        pool = pool.filter((p) => p.id !== prize.id);
        continue;
      }
      return {
        prize: { id: prize.id, name: prize.name, image_url: prize.image_url },
        customer: { name: created.customerName, whatsapp: created.whatsapp },
        timestamp: created.createdAt.toISOString(),
        redemption_code: created.redemptionCode,
        wheel: { name: wheel.name },
      };
    } catch (err) {
      if (isUniqueViolation(err, "whatsapp")) throw conflict(PUBLIC_MESSAGES.duplicate);
      if (isUniqueViolation(err, "redemptionCode")) continue; // a code collision: try another
      throw err;
    }
  }
  throw soldOut();
}
