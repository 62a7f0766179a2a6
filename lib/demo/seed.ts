// Demo data a newcomer can log into. Runs on an empty embedded database at first start
// (or with SEED_DEMO=true), and by `npm run db:seed`.
import { randomInt } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { hashPassword } from "@/lib/auth/password";
import { env } from "@/lib/env";
import { PRO_PLAN_ID, trialEndsAt } from "@/lib/billing/effective-plan";
import { stockLevel } from "@/lib/products/dto";

export const DEMO_PASSWORD = "demo1234";
export const DEMO_USERS = [
  { email: "dono@demo.com.br", name: "Dona Ana (proprietária)", role: "owner" },
  { email: "admin@demo.com.br", name: "Bruno (administrador)", role: "admin" },
  { email: "membro@demo.com.br", name: "Carla (usuária)", role: "member" },
] as const;
export const DEMO_COMPANY = { name: "Loja Demo", slug: "loja-demo" };
export const DEMO_WHEEL_SLUG = "roleta-de-natal";

const PRIZES = [
  { name: "Vale-compras R$ 50", description: "Vale para usar em qualquer produto da loja", stock: 5, weight: 5 },
  { name: "Caneca personalizada", description: "Caneca de cerâmica com a nossa marca", stock: 20, weight: 20 },
  { name: "10% de desconto", description: "Desconto na próxima compra", stock: 100, weight: 50 },
  { name: "Brinde surpresa", description: "Um mimo escolhido pela equipe", stock: 30, weight: 25 },
];

export async function seedDemo(prisma: PrismaClient) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  await prisma.$transaction(async (tx) => {
    const company = await tx.company.create({
      data: { ...DEMO_COMPANY, email: "contato@demo.com.br", phone: "11987654321" },
    });
    await tx.subscription.create({
      data: { companyId: company.id, planId: PRO_PLAN_ID, status: "trial", startsAt: now, endsAt: trialEndsAt(now) },
    });
    for (const u of DEMO_USERS) {
      const user = await tx.user.create({ data: { email: u.email, name: u.name, passwordHash } });
      await tx.membership.create({ data: { userId: user.id, companyId: company.id, role: u.role } });
    }
    const wheel = await tx.wheel.create({
      data: { companyId: company.id, name: "Roleta de Natal", slug: DEMO_WHEEL_SLUG, status: "active" },
    });
    const products = [];
    for (const p of PRIZES) {
      // Its level counts as told (Product.stockAlert): the demo's own 5-unit prize is not news to
      // e-mail its owner about at the first start (lib/products/stock-alerts.ts).
      const product = await tx.product.create({
        data: { companyId: company.id, ...p, stockAlert: stockLevel(p.stock) },
      });
      products.push(product);
      await tx.wheelProduct.create({
        data: { companyId: company.id, wheelId: wheel.id, productId: product.id, oddsWeight: p.weight },
      });
    }
    const names = ["Maria Silva", "João Souza", "Ana Oliveira", "Pedro Santos", "Juliana Costa", "Lucas Pereira"];
    for (let i = 0; i < names.length; i++) {
      const prize = i % 3 === 2 ? null : products[i % products.length];
      await tx.spin.create({
        data: {
          companyId: company.id,
          wheelId: wheel.id,
          wheelName: wheel.name,
          customerName: names[i],
          whatsapp: `+55119${String(70000000 + randomInt(29999999))}`,
          productId: prize?.id ?? null,
          productName: prize?.name ?? null,
          won: !!prize,
          consentAt: new Date(now.getTime() - (i + 1) * 3_600_000),
          consentVersion: "2026-11-v1",
          createdAt: new Date(now.getTime() - (i + 1) * 3_600_000),
          redemptionCode: prize ? `DEMO${i}${randomInt(1000, 9999)}` : null,
        },
      });
    }
    await tx.wheel.update({ where: { id: wheel.id }, data: { spinCount: names.length } });
  });
}

export function demoBanner(): string {
  const lines = DEMO_USERS.map((u) => `   ${u.role.padEnd(6)} ${u.email} / ${DEMO_PASSWORD}`);
  return ["", ` Demo company 'Loja Demo' is ready. Log in at ${env().APP_URL}/admin/login with:`, ...lines, ""].join(
    "\n",
  );
}

export async function seedDemoIfEmpty(prisma: PrismaClient): Promise<boolean> {
  const users = await prisma.user.count();
  if (users > 0) return false;
  await seedDemo(prisma);
  console.info(demoBanner());
  return true;
}
