// A store install's state (docs/api.md "Connecting a real store in one click"): single use, 15
// minutes, bound to the company and the user who started it; kept only as its hash.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { consumeInstallState, createInstallState } from "@/lib/stores/install/state";
import { addMember, createCompany } from "../helpers/fixtures";

const ctxOf = (companyId: string, userId: string) => ({ companyId, userId, role: "owner" as const });

describe("store install state", () => {
  it("is taken once, by its own user and company, for its platform, within 15 minutes", async () => {
    const a = await createCompany("Estado A");
    const b = await createCompany("Estado B");
    const admin = await addMember(a.companyId, "admin");
    const owner = { userId: a.owner.id, companyId: a.companyId };
    const state = await createInstallState(ctxOf(a.companyId, a.owner.id), "nuvemshop");
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const prisma = await db();
    const row = await prisma.storeInstall.findFirstOrThrow({ where: { companyId: a.companyId } });
    expect(JSON.stringify(row)).not.toContain(state);

    // Another user of the same company, another company, the wrong platform, the server door
    // for a browser platform's state... none takes it, and it stays usable for its owner.
    await expect(
      consumeInstallState(state, "nuvemshop", { userId: admin.id, companyId: a.companyId }),
    ).rejects.toMatchObject({
      code: "INSTALL_STATE",
    });
    await expect(
      consumeInstallState(state, "nuvemshop", { userId: a.owner.id, companyId: b.companyId }),
    ).rejects.toMatchObject({
      code: "INSTALL_STATE",
    });
    await expect(consumeInstallState(state, "shopify", owner)).rejects.toMatchObject({ code: "INSTALL_STATE" });
    await expect(consumeInstallState(`${state}x`, "nuvemshop", owner)).rejects.toMatchObject({ code: "INSTALL_STATE" });
    await expect(consumeInstallState(undefined, "nuvemshop", owner)).rejects.toMatchObject({ code: "INSTALL_STATE" });

    // Two callbacks at once: one wins.
    const results = await Promise.allSettled([
      consumeInstallState(state, "nuvemshop", owner),
      consumeInstallState(state, "nuvemshop", owner),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    await expect(consumeInstallState(state, "nuvemshop", owner)).rejects.toMatchObject({ code: "INSTALL_STATE" });

    const old = await createInstallState(ctxOf(a.companyId, a.owner.id), "woocommerce", "https://loja.com.br");
    await prisma.storeInstall.updateMany({
      where: { companyId: a.companyId, platform: "woocommerce" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expect(consumeInstallState(old, "woocommerce", "server")).rejects.toMatchObject({ code: "INSTALL_STATE" });
    const fresh = await createInstallState(ctxOf(a.companyId, a.owner.id), "woocommerce", "https://loja.com.br");
    expect(await consumeInstallState(fresh, "woocommerce", "server")).toEqual({
      companyId: a.companyId,
      userId: a.owner.id,
      storeUrl: "https://loja.com.br",
    });
  });
});
