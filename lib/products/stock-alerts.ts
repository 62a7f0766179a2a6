// A prize running out is told to the owner (docs/decisions/admin-ui.md "A pool that runs out is
// told"): when a prize on an active wheel falls to the low mark, and when it is gone, the company's
// owners get one e-mail each time, never one per spin. The spin's statement is left alone (the hot
// path): the worker's sweep compares each product's stock with the level last told (Product.stockAlert),
// moves the level and queues the e-mail job in one transaction; a refill above the mark clears it.
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { tenantDb } from "@/lib/db/tenant";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { defineJobKind } from "@/lib/jobs/types";
import { sendMail } from "@/lib/mail";
import { LOW_STOCK_MAX } from "./dto";

export const STOCK_ALERT = "products.stock_alert";

const level = z.enum(["low", "empty"]);
export type StockLevel = z.infer<typeof level>;

/**
 * Moves every product's told level to what its stock says now and queues one e-mail per level
 * reached. Products of store coupons are left out: their reserve refills itself from the store.
 * Returns how many e-mails it queued.
 */
export async function sweepStockAlerts(): Promise<number> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const moved = await tx.$queryRaw<{ id: string; companyId: string; level: StockLevel | null }[]>(Prisma.sql`
      WITH levels AS (
        SELECT p.id,
               CASE WHEN p.stock <= 0 THEN 'empty' WHEN p.stock <= ${LOW_STOCK_MAX} THEN 'low' END AS level
        FROM "Product" p
        WHERE p."isActive" AND p."codeSource" <> 'store'
          AND EXISTS (SELECT 1 FROM "WheelProduct" wp JOIN "Wheel" w ON w.id = wp."wheelId"
                      WHERE wp."productId" = p.id AND w.status = 'active')
      )
      UPDATE "Product" p SET "stockAlert" = l.level
      FROM levels l
      WHERE p.id = l.id AND p."stockAlert" IS DISTINCT FROM l.level
      RETURNING p.id, p."companyId", l.level`);
    let queued = 0;
    for (const m of moved) {
      if (!m.level) continue;
      const job = {
        companyId: m.companyId,
        kind: STOCK_ALERT,
        payload: { product_id: m.id, level: m.level },
        dedupeKey: `product:${m.id}:${m.level}`,
      };
      if (await enqueueJob(tx, job)) queued++;
    }
    return queued;
  });
}

/** The e-mail of a level reached (pt-BR), with the link to the products page. */
export function stockAlertMail(product: { name: string; stock: number; codeSource: string }, at: StockLevel) {
  const link = `${env().APP_URL}/admin/products?filter=lowstock`;
  const what = product.codeSource === "pool" ? "códigos" : "unidades";
  const refill = product.codeSource === "pool" ? "Envie mais códigos" : "Aumente o estoque";
  if (at === "empty")
    return {
      subject: `Prêmio esgotado: ${product.name}`,
      text:
        `O prêmio "${product.name}" acabou e saiu das suas roletas. Uma roleta sem nenhum prêmio ` +
        `disponível fica esgotada e não recebe participantes.\n\n${refill} em: ${link}\n`,
    };
  return {
    subject: `Estoque baixo: ${product.name}`,
    text:
      `Restam ${product.stock} ${what} do prêmio "${product.name}". Quando acabarem, ele sai das suas ` +
      `roletas.\n\n${refill} em: ${link}\n`,
  };
}

export const stockAlertJob = defineJobKind({
  kind: STOCK_ALERT,
  payload: z.object({ product_id: z.string(), level }),
  async run(job) {
    const t = await tenantDb(job);
    const product = await t.product.findFirst({
      where: { id: job.payload.product_id },
      select: { name: true, stock: true, codeSource: true, stockAlert: true },
    });
    // Refilled (or deleted) before the e-mail went: nothing to tell any more.
    if (!product || product.stockAlert !== job.payload.level) return { status: "done" };
    const owners = await t.membership.findMany({
      where: { role: "owner" },
      select: { user: { select: { email: true } } },
    });
    const mail = stockAlertMail(product, job.payload.level);
    for (const o of owners) await sendMail({ to: o.user.email, ...mail });
    return { status: "done" };
  },
});
