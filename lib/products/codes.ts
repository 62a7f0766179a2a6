// A pool product's unique codes (docs/api.md "Unique codes (issue 26)"): upload, list, remove unused ones, export
// the assigned ones. The product's stock is its number of available codes: every change of them
// moves the stock by the same number in the same transaction (the spin's statement takes one code
// and one unit together, lib/spins/draw/product-codes.ts). Codes are locked before the product row everywhere,
// as the spin does, so these never deadlock with spins.
import "server-only";
import type { SessionCtx } from "@/lib/auth/session";
import { momentsWheelsOf, replaceMomentsOf } from "@/lib/campaigns/moments";
import { csvDateTime, csvResponse, fileStamp } from "@/lib/csv";
import { db } from "@/lib/db/client";
import { tenantDb } from "@/lib/db/tenant";
import { Prisma, type Product } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { pagination } from "@/lib/http/pagination";
import { CODE_MESSAGES, type CodeListQuery } from "@/lib/validation/codes";
import { getProduct } from "./get-product";

type Tx = Prisma.TransactionClient;

async function poolProduct(ctx: SessionCtx, id: string): Promise<Product> {
  const p = await getProduct(ctx, id);
  if (p.codeSource !== "pool") throw new AppError("NOT_POOL", CODE_MESSAGES.notPool);
  return p;
}

export async function codeSummary(ctx: SessionCtx, productId: string) {
  const t = await tenantDb(ctx);
  const rows = await t.productCode.groupBy({ by: ["status"], where: { productId }, _count: true });
  const of = (s: string) => rows.find((r) => r.status === s)?._count ?? 0;
  const available = of("available");
  const assigned = of("assigned");
  return { total: available + assigned, available, assigned };
}

/** Moves the stock by `delta` codes and regenerates the moments of the wheels offering it. */
async function moveStock(tx: Tx, companyId: string, productId: string, delta: number) {
  if (!delta) return;
  await tx.$executeRaw`UPDATE "Product" SET stock = GREATEST(stock + ${delta}, 0), "updatedAt" = now()
    WHERE id = ${productId} AND "companyId" = ${companyId}`;
  await replaceMomentsOf(tx, companyId, await momentsWheelsOf(tx, companyId, productId));
}

/**
 * Adds codes to the pool. A code already in the company (this pool, another product's, or a
 * spin's redemption code) or repeated in the list is a duplicate: reported, not an error.
 */
export async function addCodes(ctx: SessionCtx, productId: string, codes: string[]) {
  await poolProduct(ctx, productId);
  const unique = [...new Set(codes)];
  const prisma = await db();
  const added = await prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ code: string }[]>`
      INSERT INTO "ProductCode" (id, "companyId", "productId", code)
      SELECT gen_random_uuid()::text, ${ctx.companyId}, ${productId}, x
      FROM unnest(${unique}::text[]) AS x
      WHERE NOT EXISTS (SELECT 1 FROM "Spin" s WHERE s."companyId" = ${ctx.companyId} AND s."redemptionCode" = x)
      ON CONFLICT ("companyId", code) DO NOTHING
      RETURNING code`;
    await moveStock(tx, ctx.companyId, productId, rows.length);
    return new Set(rows.map((r) => r.code));
  });
  const duplicates: string[] = [];
  const seen = new Set<string>();
  for (const c of codes) {
    if (seen.has(c) || !added.has(c)) duplicates.push(c);
    seen.add(c);
  }
  return { added: added.size, duplicates, summary: await codeSummary(ctx, productId) };
}

/** Removes the listed codes that are still available; assigned ones stay (they were given out). */
export async function removeCodes(ctx: SessionCtx, productId: string, codes: string[]) {
  await poolProduct(ctx, productId);
  const prisma = await db();
  const removed = await prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ code: string }[]>`
      DELETE FROM "ProductCode"
      WHERE "companyId" = ${ctx.companyId} AND "productId" = ${productId} AND status = 'available'
        AND code = ANY(${[...new Set(codes)]}::text[])
      RETURNING code`;
    await moveStock(tx, ctx.companyId, productId, -rows.length);
    return rows.length;
  });
  return { removed, summary: await codeSummary(ctx, productId) };
}

export async function listCodes(ctx: SessionCtx, productId: string, q: CodeListQuery) {
  await getProduct(ctx, productId);
  const t = await tenantDb(ctx);
  const where: Prisma.ProductCodeWhereInput = {
    productId,
    ...(q.status ? { status: q.status } : {}),
    ...(q.search ? { code: { contains: q.search, mode: "insensitive" } } : {}),
  };
  const [rows, total, summary] = await Promise.all([
    t.productCode.findMany({
      where,
      orderBy: [{ assignedAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }, { id: "asc" }],
      skip: (q.page - 1) * q.limit,
      take: q.limit,
    }),
    t.productCode.count({ where }),
    codeSummary(ctx, productId),
  ]);
  return {
    codes: rows.map((r) => ({
      code: r.code,
      status: r.status,
      spin_id: r.spinId,
      assigned_at: r.assignedAt?.toISOString() ?? null,
    })),
    pagination: pagination(q.page, q.limit, total),
    summary,
  };
}

const EXPORT_BATCH = 5000;

/** The assigned codes as CSV (`;`, BOM, neutralised cells: lib/csv), with the spin's lead. */
export async function exportAssignedCodes(ctx: SessionCtx, productId: string) {
  const product = await getProduct(ctx, productId);
  const t = await tenantDb(ctx);
  async function* batches() {
    let cursor: string | undefined;
    for (;;) {
      const rows = await t.productCode.findMany({
        where: { productId, status: "assigned" },
        orderBy: { id: "asc" },
        take: EXPORT_BATCH,
        ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
        include: { spin: { select: { customerName: true, whatsapp: true, wheelName: true, redeemedAt: true } } },
      });
      if (!rows.length) return;
      cursor = rows[rows.length - 1].id;
      yield rows.map((r) => [
        r.code,
        csvDateTime(r.assignedAt),
        r.spin?.customerName ?? "",
        r.spin?.whatsapp ?? "",
        r.spin?.wheelName ?? "",
        csvDateTime(r.spin?.redeemedAt ?? null),
      ]);
      if (rows.length < EXPORT_BATCH) return;
    }
  }
  const slug =
    product.name
      .normalize("NFD")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .slice(0, 40) || "produto";
  return csvResponse(
    `codigos-${slug}-${fileStamp()}.csv`,
    ["Código", "Atribuído em", "Nome", "WhatsApp", "Roleta", "Resgatado em"],
    batches(),
  );
}

/**
 * A change of the product's code source: to pool or store, its stock becomes its available codes
 * (counted under the product's row lock, so a spin taking a code meanwhile moves it after).
 */
export async function stockOfCodes(tx: Tx, companyId: string, productId: string) {
  await tx.$executeRaw`UPDATE "Product" SET stock = (
      SELECT count(*)::int FROM "ProductCode" c
      WHERE c."productId" = ${productId} AND c."companyId" = ${companyId} AND c.status = 'available'
    ) WHERE id = ${productId} AND "companyId" = ${companyId}`;
}
