// A lead's reminders as the API shows them (docs/api.md "Reminders before the prize expires"):
// [{ at, channel, status }] from the spin's reminder jobs, read for a page of leads in one query
// (the jobs' spinId index of migration 20261128050000).
import "server-only";
import type { Spin } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { spinDto, type SpinDto } from "@/lib/spins/dto";
import type { ReminderChannel } from "@/lib/validation/reminders";

export type ReminderStatus = "scheduled" | "sent" | "cancelled" | "failed";
export interface LeadReminder {
  at: string;
  channel: ReminderChannel;
  status: ReminderStatus;
}

const STATUS: Record<string, ReminderStatus> = {
  pending: "scheduled",
  done: "sent",
  cancelled: "cancelled",
  failed: "failed",
};

/**
 * Whether a spin can have reminders: the spin's trigger queues them only for a win with a code and
 * an expiry (migration 20261128050000). Asking for the others' reminders was an index probe per
 * lead, which doubled a 1,000,000-lead export (16.5 s -> 32.8 s in bench:leads).
 */
export const mayHaveReminders = (s: { won: boolean; redemptionCode: string | null; redeemUntil: Date | null }) =>
  s.won && s.redemptionCode !== null && s.redeemUntil !== null;

export async function remindersBySpin(companyId: string, spinIds: string[]): Promise<Map<string, LeadReminder[]>> {
  const bySpin = new Map<string, LeadReminder[]>();
  if (!spinIds.length) return bySpin;
  const prisma = await db();
  // An erased spin's jobs lost their payload: nothing to show.
  const rows = await prisma.$queryRaw<{ spinId: string; at: string; channel: ReminderChannel; status: string }[]>`
    SELECT "spinId", payload->>'at' AS at, payload->>'channel' AS channel, status
    FROM "WebhookDelivery"
    WHERE "spinId" = ANY(${spinIds}::text[]) AND kind = 'reminder.send' AND "companyId" = ${companyId}
      AND payload IS NOT NULL
    ORDER BY payload->>'at', payload->>'channel'`;
  for (const r of rows) {
    const list = bySpin.get(r.spinId) ?? [];
    list.push({ at: new Date(r.at).toISOString(), channel: r.channel, status: STATUS[r.status] ?? "scheduled" });
    bySpin.set(r.spinId, list);
  }
  return bySpin;
}

/** A lead with its reminders, as one flat object type (the API types compare it field by field). */
type WithReminders<T> = {
  [K in keyof T | "reminders"]: K extends "reminders" ? LeadReminder[] : K extends keyof T ? T[K] : never;
};

/** A page of spins as leads, each with its reminders; only spins that can have them are looked up. */
export async function leadsWithReminders(companyId: string, rows: Spin[]): Promise<WithReminders<SpinDto>[]> {
  const bySpin = await remindersBySpin(
    companyId,
    rows.filter(mayHaveReminders).map((s) => s.id),
  );
  return rows.map((s) => ({ ...spinDto(s), reminders: bySpin.get(s.id) ?? [] }) as WithReminders<SpinDto>);
}
