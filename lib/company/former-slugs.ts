// A company's former slugs (docs/decisions/security.md "Former slugs and the public contact"): reserved to it, so no
// other company can take a slug its printed QR codes still carry, and remembered so those addresses answer 308 to the
// current slug (lib/wheels/moved.ts).
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

type Client = PrismaClient | Prisma.TransactionClient;

/** May this company use the slug: nobody else has it now, and it is not another company's former one. */
export async function companySlugFreeFor(client: Client, companyId: string, slug: string) {
  const [current, former] = await Promise.all([
    client.company.findUnique({ where: { slug }, select: { id: true } }),
    client.companyFormerSlug.findUnique({ where: { slug }, select: { companyId: true } }),
  ]);
  return (!current || current.id === companyId) && (!former || former.companyId === companyId);
}

/** In the rename's transaction: the slug left stays reserved to the company; one taken back is current again. */
export async function moveCompanySlug(tx: Prisma.TransactionClient, companyId: string, from: string, to: string) {
  await tx.companyFormerSlug.deleteMany({ where: { slug: to, companyId } });
  await tx.companyFormerSlug.upsert({
    where: { slug: from },
    create: { slug: from, companyId },
    update: { companyId, createdAt: new Date() },
  });
}

/** The sign-up's slug picker treats these as taken: every former slug that starts with `prefix`. */
export async function formerSlugsStartingWith(client: Client, prefix: string) {
  const rows = await client.companyFormerSlug.findMany({
    where: { slug: { startsWith: prefix } },
    select: { slug: true },
  });
  return rows.map((r) => r.slug);
}
