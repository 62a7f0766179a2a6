// A wheel's reminder settings as the column holds them (JSON read by the spin's trigger, migration
// 20261128050000) and as the API shows them (docs/api.md "Reminders before the prize expires").
import type { Prisma, Wheel } from "@/lib/generated/prisma/client";
import { REMINDERS_OFF, remindersSchema, type RemindersSettings } from "@/lib/validation/reminders";

/** The saved settings; anything unreadable counts as off. */
export function remindersOf(w: Pick<Wheel, "reminders">): RemindersSettings {
  const parsed = remindersSchema.safeParse(w.reminders);
  return parsed.success ? parsed.data : REMINDERS_OFF;
}

export const remindersDto = (w: Pick<Wheel, "reminders">) => ({ reminders: remindersOf(w) });

export function remindersColumns(input: { reminders?: RemindersSettings }): { reminders?: Prisma.InputJsonValue } {
  if (!input.reminders) return {};
  const r = input.reminders;
  // Turned off, the days and channels are kept so turning them back on restores the choice.
  return { reminders: { enabled: r.enabled, days_before: r.days_before, channels: r.channels } };
}
