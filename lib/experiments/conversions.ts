// The confirmation page's beacon (docs/api.md "Experiments", "Orders"): a visitor claims an order
// of the company's store on a platform. Kept once per order: the first visitor that claims it keeps
// it. It counts only once the same order arrives signed (lib/experiments/orders.ts).
import "server-only";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import type { ConversionInput } from "@/lib/validation/experiments";

export async function claimConversion(companySlug: string, input: ConversionInput) {
  const prisma = await db();
  const company = await prisma.company.findUnique({ where: { slug: companySlug }, select: { id: true } });
  if (!company) throw notFound("Empresa não encontrada");
  await prisma.experimentConversion.createMany({
    data: [{ companyId: company.id, platform: input.platform, orderId: input.order_id, visitor: input.visitor }],
    skipDuplicates: true,
  });
}
