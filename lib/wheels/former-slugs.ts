// A wheel's former slugs, reserved to it within its company (docs/decisions/security.md "Former slugs and the public
// contact"): another wheel of the company cannot take one, so a printed QR code never starts sending visitors to a
// different campaign; its address answers 308 instead.
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

type Client = PrismaClient | Prisma.TransactionClient;

/** Is the slug another wheel's former one in this company (`wheelId`: the wheel asking, if any)? */
export async function isOtherWheelsFormerSlug(client: Client, companyId: string, slug: string, wheelId?: string) {
  const row = await client.wheelFormerSlug.findUnique({
    where: { companyId_slug: { companyId, slug } },
    select: { wheelId: true },
  });
  return !!row && row.wheelId !== wheelId;
}

/** In the rename's transaction: the slug left stays the wheel's; one taken back is current again. */
export async function moveWheelSlug(
  tx: Prisma.TransactionClient,
  companyId: string,
  wheelId: string,
  from: string,
  to: string,
) {
  await tx.wheelFormerSlug.deleteMany({ where: { companyId, slug: to, wheelId } });
  await tx.wheelFormerSlug.upsert({
    where: { companyId_slug: { companyId, slug: from } },
    create: { companyId, slug: from, wheelId },
    update: { wheelId, createdAt: new Date() },
  });
}
