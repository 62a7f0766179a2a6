// The transaction door of lib/db/tenant.ts: inside tenantTx every tenant model is bound to the
// company, as tenantDb binds queries, and only the named `unscoped` client sees other companies.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { tenantTx } from "@/lib/db/tenant";
import { createCompany } from "../helpers/fixtures";

async function productOf(companyId: string) {
  const prisma = await db();
  return prisma.product.create({ data: { companyId, name: "Caneca", description: "Caneca azul" } });
}

describe("tenantTx", () => {
  it("finds, updates and deletes only the company's rows", async () => {
    const a = await createCompany();
    const b = await createCompany();
    const theirs = await productOf(a.companyId);
    await tenantTx({ companyId: b.companyId }, async (tx) => {
      expect(await tx.product.findFirst({ where: { id: theirs.id } })).toBeNull();
      expect(await tx.product.count()).toBe(0);
      expect((await tx.product.updateMany({ where: { id: theirs.id }, data: { stock: 99 } })).count).toBe(0);
      expect((await tx.product.deleteMany({ where: { id: theirs.id } })).count).toBe(0);
    });
    // A unique update of another company's row finds nothing (Prisma's P2025: not found).
    await expect(
      tenantTx({ companyId: b.companyId }, (tx) =>
        tx.product.update({ where: { id: theirs.id }, data: { stock: 99 } }),
      ),
    ).rejects.toMatchObject({ code: "P2025" });
    const prisma = await db();
    expect(await prisma.product.findUnique({ where: { id: theirs.id } })).toMatchObject({ stock: 1 });
  });

  it("binds created rows to the company and keeps unscoped reads explicit", async () => {
    const a = await createCompany();
    const b = await createCompany();
    await productOf(a.companyId);
    const counts = await tenantTx({ companyId: b.companyId }, async (tx, unscoped) => {
      const mine = await tx.product.create({
        data: { companyId: a.companyId, name: "Vale", description: "Vale-compras" },
      });
      return {
        owner: mine.companyId,
        scoped: await tx.product.count({ where: { name: "Caneca" } }),
        unscoped: await unscoped.product.count({ where: { companyId: a.companyId } }),
      };
    });
    // The door overrides a company id the caller wrote, as tenantDb does.
    expect(counts).toEqual({ owner: b.companyId, scoped: 0, unscoped: 1 });
  });
});
