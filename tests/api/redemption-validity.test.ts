// Code validity and prize states (docs/api.md "The prize is never lost (issue 13)"): redeem_until from the wheel's
// redeem_within_days, redemption_status on leads (list, filter, CSV), 410 for an expired code, and
// "desfazer resgate" within 10 minutes for owner and admin, both in the audit trail.
import { describe, expect, it } from "vitest";
import { POST as redeemRoute } from "@/app/api/spins/redeem/route";
import { POST as unredeemRoute } from "@/app/api/spins/unredeem/route";
import { GET as exportRoute } from "@/app/api/wheels/spins/export/route";
import { GET as leadsRoute } from "@/app/api/wheels/spins/all/route";
import { db } from "@/lib/db/client";
import { campaignWheel, spinOn } from "../helpers/campaign";
import { addMember, createCompany } from "../helpers/fixtures";
import { call } from "../helpers/http";

async function setup() {
  const c = await createCompany("Loja Validade");
  const { wheel } = await campaignWheel(c, { redeem_within_days: 3 }, [{ stock: 20 }]);
  const code = async () => (await spinOn(c, wheel.slug)).body.redemption_code as string;
  return { c, wheel, code };
}

const ago = (ms: number) => new Date(Date.now() - ms);

describe("code validity and states", () => {
  it("lists redeem_until and redemption_status, filters by state, exports both", async () => {
    const { c, code } = await setup();
    const [pending, redeemed, expired] = [await code(), await code(), await code()];
    const prisma = await db();
    await prisma.spin.updateMany({ where: { redemptionCode: expired }, data: { redeemUntil: ago(60_000) } });
    expect((await call(redeemRoute, { token: c.owner.token, body: { redemption_code: redeemed } })).status).toBe(200);

    const all = await call(leadsRoute, { token: c.owner.token, url: "/api/wheels/spins/all?limit=50" });
    const byCode = Object.fromEntries(all.body.spins.map((s: { redemption_code: string }) => [s.redemption_code, s]));
    expect(byCode[pending].redemption_status).toBe("pending");
    expect(byCode[pending].redeem_until).toMatch(/T02:59:59\.999Z$/);
    expect(byCode[redeemed].redemption_status).toBe("redeemed");
    expect(byCode[expired].redemption_status).toBe("expired");

    for (const [state, want] of [
      ["pending", pending],
      ["redeemed", redeemed],
      ["expired", expired],
    ]) {
      const res = await call(leadsRoute, { token: c.owner.token, url: `/api/wheels/spins/all?redemption=${state}` });
      expect(res.status).toBe(200);
      expect(res.body.spins.map((s: { redemption_code: string }) => s.redemption_code)).toEqual([want]);
      expect(res.body.stats.total_leads).toBe(1);
    }
    const bad = await call(leadsRoute, { token: c.owner.token, url: "/api/wheels/spins/all?redemption=lost" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Situação inválida/);

    const csv = await call(exportRoute, { token: c.owner.token, url: "/api/wheels/spins/export?redemption=expired" });
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(
      /Válido até[;,]Situação[;,]E-mail[;,]CPF[;,]Respostas[;,]Resgate por[;,]Pedido[;,]Total do pedido[;,]Moeda[;,]Lembretes$/,
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Expirado");
  });

  it("answers 410 EXPIRED with the date for an expired code, and hands nothing over", async () => {
    const { c, code } = await setup();
    const expired = await code();
    const prisma = await db();
    await prisma.spin.updateMany({
      where: { redemptionCode: expired },
      data: { redeemUntil: new Date("2026-01-15T02:59:59.999Z") },
    });
    const res = await call(redeemRoute, { token: c.owner.token, body: { redemption_code: expired } });
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ code: "EXPIRED", error: "Este código expirou em 14/01/2026." });
    expect((await prisma.spin.findFirstOrThrow({ where: { redemptionCode: expired } })).redeemedAt).toBeNull();
  });

  it("lets members redeem; owner and admin undo within 10 minutes; both audited", async () => {
    const { c, code } = await setup();
    const member = await addMember(c.companyId, "member");
    const admin = await addMember(c.companyId, "admin");
    const first = await code();
    expect((await call(redeemRoute, { token: member.token, body: { redemption_code: first } })).status).toBe(200);
    const byMember = await call(unredeemRoute, { token: member.token, body: { redemption_code: first } });
    expect(byMember.status).toBe(403);
    const undone = await call(unredeemRoute, { token: admin.token, body: { redemption_code: first } });
    expect(undone.status).toBe(200);
    expect(undone.body.spin).toMatchObject({ redeemed_at: null, redemption_status: "pending" });
    const twice = await call(unredeemRoute, { token: admin.token, body: { redemption_code: first } });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("Este prêmio ainda não foi entregue.");

    // Redeemed 11 minutes ago: too late to undo.
    const old = await code();
    const prisma = await db();
    await prisma.spin.updateMany({ where: { redemptionCode: old }, data: { redeemedAt: ago(11 * 60_000) } });
    const late = await call(unredeemRoute, { token: c.owner.token, body: { redemption_code: old } });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe("O resgate só pode ser desfeito até 10 minutos depois da entrega.");
    expect((await prisma.spin.findFirstOrThrow({ where: { redemptionCode: old } })).redeemedAt).not.toBeNull();

    const trail = await prisma.auditLog.findMany({
      where: { companyId: c.companyId, action: { in: ["prize.redeemed", "prize.unredeemed"] } },
      orderBy: { createdAt: "asc" },
    });
    expect(trail.map((a) => [a.action, a.userId])).toEqual([
      ["prize.redeemed", member.id],
      ["prize.unredeemed", admin.id],
    ]);
  });

  it("keeps a lost spin out of every state (none, no validity)", async () => {
    const c = await createCompany("Loja Sem Prêmio");
    const { wheel } = await campaignWheel(c, { no_prize_weight: 1_000_000, redeem_within_days: 3 }, [{ stock: 1 }]);
    const lost = await spinOn(c, wheel.slug);
    if (lost.body.result !== "lost") return expect(lost.body.result).toBe("won"); // a 1-in-a-million win
    const res = await call(leadsRoute, { token: c.owner.token, url: "/api/wheels/spins/all" });
    expect(res.body.spins[0]).toMatchObject({ redemption_status: "none", redeem_until: null });
    const pending = await call(leadsRoute, { token: c.owner.token, url: "/api/wheels/spins/all?redemption=pending" });
    expect(pending.body.spins).toEqual([]);
  });
});
