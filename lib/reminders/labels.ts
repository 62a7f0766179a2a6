// A lead's reminders in words (docs/api.md "Reminders before the prize expires"): the leads table,
// the leads CSV and the LGPD export say when each reminder goes (or went), by which channel, and
// what became of it. No server-only import: the leads screen uses it too.
export type ReminderChannelName = "whatsapp" | "email";
export type ReminderStatusName = "scheduled" | "sent" | "cancelled" | "failed";

export const REMINDER_CHANNEL_LABELS: Record<ReminderChannelName, string> = { whatsapp: "WhatsApp", email: "E-mail" };

export const REMINDER_STATUS_LABELS: Record<ReminderStatusName, string> = {
  scheduled: "agendado",
  sent: "enviado",
  cancelled: "cancelado",
  failed: "falhou",
};

/** "WhatsApp em 10/12/2026, 10:00 (enviado)", the date as `when` formats it. */
export function reminderText(
  r: { at: string; channel: ReminderChannelName; status: ReminderStatusName },
  when: (iso: string) => string,
): string {
  return `${REMINDER_CHANNEL_LABELS[r.channel] ?? r.channel} em ${when(r.at)} (${REMINDER_STATUS_LABELS[r.status] ?? r.status})`;
}
