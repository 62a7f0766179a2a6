// The answer of a spin already recorded, for a repeat of its request (same Idempotency-Key): built
// from the row, so the code and timestamp are the first answer's.
import { db } from "@/lib/db/client";
import type { Spin } from "@/lib/generated/prisma/client";
import { spinAnswer } from "./answer";
import type { PublicWheel } from "./public-wheel";

export async function replayAnswer(loaded: PublicWheel, row: Spin) {
  let prize = null;
  if (row.won && row.productId) {
    // The prize may be out of stock by now (not in the loaded pool): its image comes from the product.
    const inPool = loaded.prizes.find((p) => p.id === row.productId);
    const imageUrl = inPool
      ? inPool.image_url
      : (
          (await (
            await db()
          ).product.findFirst({
            where: { id: row.productId, companyId: row.companyId },
            select: { imageUrl: true },
          })) ?? { imageUrl: null }
        ).imageUrl;
    prize = { id: row.productId, name: row.productName ?? "", image_url: imageUrl };
  }
  return spinAnswer(loaded, {
    outcome: { prize, code: row.redemptionCode },
    customerName: row.customerName,
    whatsapp: row.whatsapp,
    at: row.createdAt,
    redeemUntil: row.redeemUntil,
  });
}
