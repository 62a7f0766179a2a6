// LGPD requests for one person (by WhatsApp) in one company: find, export everything, erase.
// Erasing anonymises the leads in place, so counts and stock history stay right, and reaches every
// other place the person is stored (docs/decisions/webhooks.md "Erasure, endpoint limit and fair delivery" lists them).
// Both are audited without storing the phone number.
import "server-only";
import { audit } from "@/lib/audit/log";
import type { SessionCtx } from "@/lib/auth/session";
import { tenantDb, tenantTx, type TenantScope } from "@/lib/db/tenant";
import { spinDto } from "@/lib/spins/dto";
import { leadsWithReminders } from "@/lib/reminders/lead";
import { normalizePhone } from "@/lib/phone";
import { emailKey } from "@/lib/spins/contact-keys";
import { maskWhatsapp } from "@/lib/refusals/mask";
import { plural } from "@/lib/ui/plural";
import { eraseMessagesAbout } from "@/lib/webhooks/erasure";
import { forgetInTools, toolErasureText } from "@/lib/marketing/erasure";

export const ERASED_NAME = "Titular removido (LGPD)";

async function personSpins(ctx: SessionCtx, whatsapp: string) {
  const t = await tenantDb(ctx);
  return t.spin.findMany({ where: { whatsapp: normalizePhone(whatsapp) }, orderBy: { createdAt: "desc" } });
}

export async function findPerson(ctx: SessionCtx, whatsapp: string) {
  return { whatsapp: normalizePhone(whatsapp), spins: (await personSpins(ctx, whatsapp)).map(spinDto) };
}

export async function exportPerson(ctx: SessionCtx, whatsapp: string) {
  const spins = await personSpins(ctx, whatsapp);
  await audit({ action: "lgpd.export", companyId: ctx.companyId, userId: ctx.userId, detail: { count: spins.length } });
  return {
    generated_at: new Date().toISOString(),
    whatsapp: normalizePhone(whatsapp),
    // Each prize's reminders too (docs/api.md "Reminders before the prize expires"): when and how
    // the person was or will be reminded is data about them.
    records: (await leadsWithReminders(ctx.companyId, spins)).map((r, i) => ({
      ...r,
      consent_at: spins[i].consentAt.toISOString(),
      consent_version: spins[i].consentVersion,
      consent_ip: spins[i].consentIp,
    })),
  };
}

export async function erasePerson(ctx: SessionCtx, whatsapp: string) {
  // The e-mails go with the erasure: read first, for the marketing tools to forget them after.
  const emails = [...new Set((await personSpins(ctx, whatsapp)).flatMap((s) => (s.email ? [s.email] : [])))];
  const count = await eraseContact(ctx, { whatsapp });
  const tools = await forgetInTools(ctx, emails);
  await audit({
    action: "lgpd.erase",
    companyId: ctx.companyId,
    userId: ctx.userId,
    detail: { count, tools_asked: tools.asked, tools_failed: tools.failed },
  });
  const text = toolErasureText(tools);
  return {
    erased: count,
    message:
      (count
        ? `${plural(count, "registro anonimizado", "registros anonimizados")}.`
        : "Nenhum registro encontrado para este WhatsApp.") + (text ? ` ${text}` : ""),
    tools,
  };
}

/**
 * Anonymises, in the company, every lead with this WhatsApp or this e-mail (compared by its key,
 * as one play per e-mail compares it), and reaches every other place the person is stored. Also
 * what a store platform's "redact this customer" asks (lib/lgpd/store-requests.ts). How many leads.
 */
export async function eraseContact(scope: TenantScope, who: { whatsapp?: string | null; email?: string | null }) {
  const now = new Date();
  const number = who.whatsapp?.trim() ? normalizePhone(who.whatsapp) : null;
  const key = who.email?.trim() ? emailKey(who.email) : null;
  if (!number && !key) return 0;
  return tenantTx(scope, async (tx) => {
    // One statement for all the person's spins (the figures triggers then drop the number from
    // Contact once). requestHash goes too: a hash of the name and number is still their data, and
    // an Idempotency-Key replay of an erased spin answers 410 ERASED (lib/spins/idempotency.ts).
    const spins = await tx.$queryRaw<{ id: string }[]>`
      UPDATE "Spin"
      SET "customerName" = ${ERASED_NAME}, whatsapp = 'anon-' || replace(id, '-', ''), "customerBirthdate" = NULL,
          "consentIp" = NULL, "requestHash" = NULL, "anonymizedAt" = ${now},
          email = NULL, "emailKey" = NULL, "cpfHash" = NULL, "cpfLast2" = NULL, answers = NULL
      WHERE "companyId" = ${scope.companyId} AND (whatsapp = ${number} OR "emailKey" = ${key})
      RETURNING id`;
    const ids = spins.map((s) => s.id);
    await eraseMessagesAbout(tx, scope.companyId, ids, now);
    if (number) {
      // The number's WhatsApp proofs and its last message to the shop (docs/api.md "WhatsApp (issue 27)").
      await tx.whatsappVerification.deleteMany({ where: { whatsapp: number } });
      await tx.whatsappWindow.deleteMany({ where: { whatsapp: number } });
      // The refusals list keeps the number masked; the person's masked number leaves it too.
      await tx.$executeRaw`DELETE FROM "Refusal" WHERE "companyId" = ${scope.companyId}
        AND contact = ${maskWhatsapp(number)}`;
    }
    return spins.length;
  });
}
