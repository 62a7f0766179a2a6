// A wheel's devices (docs/api.md "The totem and the big screen"): a totem (a shared tablet that takes
// one person at a time) or a big screen (a TV that shows the spins of visitors' own phones), and
// the wheel's kiosk settings (reset time, the staff PIN that guards leaving the totem).
import { DEVICE_MESSAGES as m } from "@/lib/copy/devices";
import { UNIT_MESSAGES } from "@/lib/copy/units";
import { z } from "./z";

export const DEVICE_KINDS = ["totem", "screen"] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
export const DEVICE_NAME_MAX = 60;

export const deviceInput = z.object({
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(DEVICE_NAME_MAX, m.nameTooLong),
  unit_id: z.uuid({ error: UNIT_MESSAGES.invalid }).optional().nullable(),
  kind: z.enum(DEVICE_KINDS, { error: m.kind }).optional().default("totem"),
});
export type DeviceInput = z.infer<typeof deviceInput>;

/** A device as listed (never its token). */
export const deviceAnswer = z
  .object({
    id: z.uuid(),
    name: z.string(),
    kind: z.enum(DEVICE_KINDS),
    unit_id: z.uuid().nullable(),
    last_seen_at: z.iso.datetime().nullable(),
    revoked_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Device" });

/** The answer to a creation: the only time the link (with its token) is shown. */
export const createdDeviceAnswer = z.object({
  device: deviceAnswer.extend({ link: z.string().meta({ description: "/w/{c}/{w}/totem?d={token} (or /tela)" }) }),
});

export const KIOSK_RESET_DEFAULT = 15;
export const KIOSK_PIN = /^\d{4,8}$/;

/** The wheel's kiosk fields in its create and update (left out: unchanged; kiosk_pin null or "": removed). */
export const kioskInput = z.object({
  kiosk_reset_seconds: z
    .number({ error: m.resetSeconds })
    .int(m.resetSeconds)
    .min(5, m.resetSeconds)
    .max(300, m.resetSeconds)
    .optional(),
  kiosk_pin: z
    .string({ error: m.pin })
    .trim()
    .refine((s) => s === "" || KIOSK_PIN.test(s), m.pin)
    .nullish(),
});
export type KioskInput = z.infer<typeof kioskInput>;

/** The exit of a totem: its token and the PIN typed by the staff (left out or "": only asks whether one is needed). */
export const kioskExitInput = z.object({
  device: z.string({ error: m.revoked }).trim().min(1, m.revoked).max(100, m.revoked),
  pin: z.string({ error: m.wrongPin }).trim().max(8, m.wrongPin).optional(),
});

/** A totem's "Enviar para o meu WhatsApp": its token and the code on its result screen. */
export const kioskPrizeMessageInput = z.object({
  device: kioskExitInput.shape.device,
  code: z.string({ error: m.prizeCode }).trim().min(3, m.prizeCode).max(64, m.prizeCode),
});

/** The public spin's device fields: the totem's token, or the big screen the visitor came from. */
export const deviceSpinFields = {
  device: z.string().trim().min(1, m.revoked).max(100, m.revoked).optional().nullable(),
  screen: z.string().trim().max(64).optional().nullable(),
};

/** The big screen's event stream: the screen's token in ?d=. */
export const screenEventsQuery = z.object({ d: z.string().trim().max(100).optional() });
