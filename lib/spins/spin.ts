// A visitor's spin: drawn on the server with crypto randomness, weighted by odds over prizes in
// stock. The lead, the stock decrement and the counters commit together or not at all; if the
// chosen prize ran out meanwhile, the draw is made again among the rest.
// Each database round trip costs the route throughput, so a spin makes as few as it can: one
// query reads the wheel, its prizes and the plan's limit, a limited plan adds a count, and one
// statement writes.
import { randomUUID } from "node:crypto";
import { assertSpinAllowed } from "@/lib/billing/plan-limits";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { prepared } from "@/lib/db/prepared";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, conflict } from "@/lib/http/errors";
import { PUBLIC_MESSAGES, type SpinInput } from "@/lib/validation/public";
import { drawPrize } from "./draw";
import { loadPublicWheel, type Prize } from "./public-wheel";
import { newRedemptionCode } from "./redemption-code";
import { normalizeWhatsapp } from "./whatsapp";

/** Version of the consent text shown on the form; stored with every lead as proof. */
export const CONSENT_VERSION = "2026-11-v1";

interface Lead {
  companyId: string;
  wheelId: string;
  wheelName: string;
  customerName: string;
  whatsapp: string;
  customerBirthdate: Date | null;
  consentIp: string;
}

const soldOut = () => new AppError("GONE", PUBLIC_MESSAGES.soldOutText);

export async function spin(companySlug: string, wheelRef: string, input: SpinInput, ip: string) {
  const { company, wheel, maxSpinsMonth, prizes } = await loadPublicWheel(companySlug, wheelRef);
  const whatsapp = normalizeWhatsapp(input.whatsapp);
  const lead: Lead = {
    companyId: company.id,
    wheelId: wheel.id,
    wheelName: wheel.name,
    customerName: input.name,
    whatsapp,
    customerBirthdate: input.birthdate ? new Date(`${input.birthdate}T00:00:00Z`) : null,
    consentIp: ip.slice(0, 64),
  };
  try {
    await assertSpinAllowed(company.id, maxSpinsMonth);
  } catch (err) {
    throw await duplicateFirst(err, lead);
  }

  let pool = prizes;
  for (let attempt = 0; attempt < 20; attempt++) {
    const prize = drawPrize(pool);
    if (!prize) break;
    const createdAt = new Date();
    const code = newRedemptionCode();
    try {
      if (!(await recordWin(lead, prize, code, createdAt))) {
        // Lost the race for the last unit: draw again among what is left.
        pool = pool.filter((p) => p.id !== prize.id);
        continue;
      }
    } catch (err) {
      if (isUniqueViolation(err, "whatsapp")) throw conflict(PUBLIC_MESSAGES.duplicate);
      if (isUniqueViolation(err, "redemptionCode")) continue; // a code collision: try another
      throw err;
    }
    return {
      prize: { id: prize.id, name: prize.name, image_url: prize.image_url },
      customer: { name: lead.customerName, whatsapp },
      timestamp: createdAt.toISOString(),
      redemption_code: code,
      wheel: { name: wheel.name },
    };
  }
  throw await duplicateFirst(soldOut(), lead);
}

/**
 * Takes one unit of the prize and records the win in ONE statement, atomic without the round
 * trips of BEGIN/COMMIT: the spin row and the wheel's counter are written only if the stock
 * UPDATE took a unit. False when it did not (the prize ran out meanwhile). The unique indexes
 * refuse a repeated WhatsApp or a colliding redemption code, and then nothing of the statement is
 * kept. Company.spinsVersion (cached lead figures) is bumped by the Spin insert trigger of
 * migration 20261123060000, within this same statement, only when a row was inserted.
 */
async function recordWin(lead: Lead, prize: Prize, code: string, createdAt: Date): Promise<boolean> {
  const prisma = await db();
  const rows = await prisma.$queryRaw<{ id: string }[]>(prepared(Prisma.sql`
    WITH taken AS (
      UPDATE "Product" SET stock = stock - 1, "updatedAt" = now()
      WHERE id = ${prize.id} AND "companyId" = ${lead.companyId} AND stock > 0 AND "isActive" = true
      RETURNING id
    ), counted AS (
      UPDATE "Wheel" SET "spinCount" = "spinCount" + 1
      WHERE id = ${lead.wheelId} AND EXISTS (SELECT 1 FROM taken)
    )
    INSERT INTO "Spin" (id, "companyId", "wheelId", "wheelName", "customerName", whatsapp, "customerBirthdate",
                        "productId", "productName", won, "consentAt", "consentVersion", "consentIp", "redemptionCode", "createdAt")
    SELECT ${randomUUID()}, ${lead.companyId}, ${lead.wheelId}, ${lead.wheelName}, ${lead.customerName}, ${lead.whatsapp},
           ${lead.customerBirthdate}, taken.id, ${prize.name}, true, ${createdAt}, ${CONSENT_VERSION}, ${lead.consentIp},
           ${code}, ${createdAt}
    FROM taken
    RETURNING id`));
  return rows.length === 1;
}

/**
 * A returning visitor hears 409 before any other refusal (monthly limit, sold out). The unique
 * index answers that on the write; a spin refused before the write looks the WhatsApp up here,
 * so only refusals pay for that query.
 */
async function duplicateFirst(refusal: unknown, lead: Lead): Promise<unknown> {
  if (!(refusal instanceof AppError)) return refusal;
  const prisma = await db();
  const seen = await prisma.spin.findUnique({ where: { wheelId_whatsapp: { wheelId: lead.wheelId, whatsapp: lead.whatsapp } }, select: { id: true } });
  return seen ? conflict(PUBLIC_MESSAGES.duplicate) : refusal;
}
