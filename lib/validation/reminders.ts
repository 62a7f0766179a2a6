// A wheel's reminders before a prize expires (docs/api.md "Reminders before the prize expires"):
// on or off, up to 3 days before the validity's last day (1..30 each), by WhatsApp and/or e-mail.
import { z } from "./z";

export const REMINDER_CHANNELS = ["whatsapp", "email"] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

export const MAX_REMINDER_DAYS = 3;

export const REMINDER_MESSAGES = {
  day: "Cada lembrete deve ser de 1 a 30 dias antes do vencimento",
  days: `Escolha no máximo ${MAX_REMINDER_DAYS} dias de lembrete`,
  daysRequired: "Escolha ao menos um dia para o lembrete",
  channel: "Canal de lembrete inválido: use whatsapp ou email",
  channelsRequired: "Escolha ao menos um canal: WhatsApp ou e-mail",
  enabled: "enabled deve ser true ou false",
} as const;

const m = REMINDER_MESSAGES;

export const remindersSchema = z
  .object({
    enabled: z.boolean({ error: m.enabled }),
    days_before: z
      .array(z.number({ error: m.day }).int(m.day).min(1, m.day).max(30, m.day), { error: m.day })
      .max(MAX_REMINDER_DAYS, m.days)
      // Kept once each, nearest-to-expiry last, so the editor and the API show them in one order.
      .transform((days) => [...new Set(days)].sort((a, b) => b - a)),
    channels: z
      .array(z.enum(REMINDER_CHANNELS, { error: m.channel }), { error: m.channel })
      .max(2, m.channel)
      .transform((cs) => [...new Set(cs)]),
  })
  .superRefine((v, ctx) => {
    if (!v.enabled) return;
    if (!v.days_before.length) ctx.addIssue({ code: "custom", path: ["days_before"], message: m.daysRequired });
    if (!v.channels.length) ctx.addIssue({ code: "custom", path: ["channels"], message: m.channelsRequired });
  });

export type RemindersSettings = z.output<typeof remindersSchema>;

export const REMINDERS_OFF: RemindersSettings = { enabled: false, days_before: [], channels: [] };

/** The field a wheel's create and update accept (left out: nothing changes). */
export const remindersInput = z.object({ reminders: remindersSchema.optional() });
