// LGPD requests for one person (by WhatsApp) in one company: find, export everything, erase.
// Erasing anonymises the leads in place, so counts and stock history stay right. Both are audited
// without storing the phone number.
import { audit } from "@/lib/audit/log";
import type { SessionCtx } from "@/lib/auth/session";
import { tenantDb } from "@/lib/db/tenant";
import { spinDto } from "@/lib/spins/dto";
import { normalizeWhatsapp } from "@/lib/spins/whatsapp";
import { plural } from "@/lib/ui/plural";

export const ERASED_NAME = "Titular removido (LGPD)";

async function personSpins(ctx: SessionCtx, whatsapp: string) {
  const t = await tenantDb(ctx);
  return t.spin.findMany({ where: { whatsapp: normalizeWhatsapp(whatsapp) }, orderBy: { createdAt: "desc" } });
}

export async function findPerson(ctx: SessionCtx, whatsapp: string) {
  return { whatsapp: normalizeWhatsapp(whatsapp), spins: (await personSpins(ctx, whatsapp)).map(spinDto) };
}

export async function exportPerson(ctx: SessionCtx, whatsapp: string) {
  const spins = await personSpins(ctx, whatsapp);
  await audit({ action: "lgpd.export", companyId: ctx.companyId, userId: ctx.userId, detail: { count: spins.length } });
  return {
    generated_at: new Date().toISOString(),
    whatsapp: normalizeWhatsapp(whatsapp),
    records: spins.map((s) => ({
      ...spinDto(s),
      consent_at: s.consentAt.toISOString(),
      consent_version: s.consentVersion,
      consent_ip: s.consentIp,
    })),
  };
}

export async function erasePerson(ctx: SessionCtx, whatsapp: string) {
  const spins = await personSpins(ctx, whatsapp);
  const t = await tenantDb(ctx);
  const now = new Date();
  await t.$transaction(
    spins.map((s) =>
      t.spin.update({
        where: { id: s.id },
        data: {
          customerName: ERASED_NAME,
          whatsapp: `anon-${s.id.replace(/-/g, "")}`,
          customerBirthdate: null,
          consentIp: null,
          anonymizedAt: now,
        },
      }),
    ),
  );
  await audit({ action: "lgpd.erase", companyId: ctx.companyId, userId: ctx.userId, detail: { count: spins.length } });
  return {
    erased: spins.length,
    message: spins.length
      ? `${plural(spins.length, "registro anonimizado", "registros anonimizados")}.`
      : "Nenhum registro encontrado para este WhatsApp.",
  };
}
