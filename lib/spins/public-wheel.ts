// What a visitor may see of a wheel: only active wheels, only available prizes (active, in
// stock), their probabilities but never stock numbers, and nothing of other companies.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { PUBLIC_MESSAGES } from "@/lib/validation/public";
import { probabilities } from "./draw";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The active wheel addressed by slug or id under a company slug, with its prize pool. */
export async function findPublicWheel(companySlug: string, wheelRef: string) {
  const prisma = await db();
  const company = await prisma.company.findUnique({ where: { slug: companySlug }, select: { id: true, name: true, slug: true } });
  if (!company) throw notFound(PUBLIC_MESSAGES.notFound);
  const wheel = await prisma.wheel.findFirst({
    where: { companyId: company.id, status: "active", OR: [{ slug: wheelRef }, ...(UUID.test(wheelRef) ? [{ id: wheelRef }] : [])] },
  });
  if (!wheel) throw notFound(PUBLIC_MESSAGES.notFound);
  return { company, wheel };
}

export async function availablePrizes(companyId: string, wheelId: string) {
  const prisma = await db();
  const rows = await prisma.wheelProduct.findMany({
    where: { companyId, wheelId, product: { isActive: true, stock: { gt: 0 } } },
    include: { product: { select: { id: true, name: true, imageUrl: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => ({ id: r.product.id, name: r.product.name, image_url: r.product.imageUrl, weight: r.oddsWeight }));
}

export async function publicWheelView(companySlug: string, wheelRef: string) {
  const { company, wheel } = await findPublicWheel(companySlug, wheelRef);
  const prizes = probabilities(await availablePrizes(company.id, wheel.id));
  return {
    wheel: { id: wheel.id, name: wheel.name, slug: wheel.slug, total_spins: wheel.spinCount, company_name: company.name },
    products: prizes.map(({ id, name, probability, image_url }) => ({ id, name, probability, image_url })),
    stats: { has_available_prizes: prizes.length > 0, available_products: prizes.length },
  };
}

export type PublicWheelView = Awaited<ReturnType<typeof publicWheelView>>;
