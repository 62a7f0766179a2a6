// What the rules page (regulamento) of an active wheel states, read from the data: the promoter,
// the period, the prizes with their quantities (what was already won here plus what is left), the
// odds in random mode, the counter steps, the play and redemption rules and the authorization.
import { db } from "@/lib/db/client";
import { probabilities } from "@/lib/spins/draw/weighted";
import { NO_PRIZE } from "@/lib/spins/draw/no-prize";
import { publicWheelPath } from "@/lib/wheels/public-url";
import { isUuid } from "@/lib/validation/uuid";

export async function rulesPageData(companySlug: string, wheelRef: string) {
  const prisma = await db();
  const wheel = await prisma.wheel.findFirst({
    where: {
      status: "active",
      company: { slug: companySlug },
      OR: [{ slug: wheelRef }, ...(isUuid(wheelRef) ? [{ id: wheelRef }] : [])],
    },
    // The live spin count is not the page's to show: on a counter wheel it tells when a prize falls.
    omit: { spinCount: true },
    include: {
      // The public contact only: the company's "email" is internal (the owner's login, by default).
      company: { select: { name: true, legalName: true, cnpj: true, contactEmail: true, phone: true } },
      wheelProducts: { include: { product: true }, orderBy: { createdAt: "asc" } },
    },
  });
  if (!wheel) return null;
  const wins = await prisma.spin.groupBy({
    by: ["productId"],
    where: { companyId: wheel.companyId, wheelId: wheel.id, won: true },
    _count: { _all: true },
  });
  const won = new Map(wins.map((w) => [w.productId, w._count._all]));
  const offered = wheel.wheelProducts.filter((wp) => wp.product.isActive);
  // The published odds: the weights of the prizes in stock and of the no-prize segment.
  const odds = new Map(
    probabilities([
      ...offered.filter((wp) => wp.product.stock > 0).map((wp) => ({ id: wp.productId, weight: wp.oddsWeight })),
      ...(wheel.noPrizeWeight > 0 ? [{ id: NO_PRIZE, weight: wheel.noPrizeWeight }] : []),
    ]).map((i) => [i.id, i.probability]),
  );
  return {
    company: wheel.company,
    wheel,
    wheelPath: publicWheelPath(companySlug, wheel.slug),
    prizes: offered.map((wp) => ({
      id: wp.productId,
      name: wp.product.name,
      description: wp.product.description,
      quantity: (won.get(wp.productId) ?? 0) + wp.product.stock,
      available: wp.product.stock > 0,
      probability: odds.get(wp.productId) ?? 0,
      dailyLimit: wp.dailyLimit,
      winEvery: wp.winEvery,
    })),
    noPrizeProbability: odds.get(NO_PRIZE) ?? 0,
  };
}

export type RulesPageData = NonNullable<Awaited<ReturnType<typeof rulesPageData>>>;
