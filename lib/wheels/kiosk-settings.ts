// A wheel's kiosk settings (docs/api.md "The totem and the big screen"): the seconds a totem waits
// before clearing a result for the next person, and the staff PIN that guards leaving it. The PIN
// is write-only: stored as a bcrypt hash, the API says only whether one is set.
import "server-only";
import { hashPassword } from "@/lib/auth/password";
import type { KioskInput } from "@/lib/validation/devices";

/** The columns a create or update writes (nothing sent: nothing changes; "" or null: PIN removed). */
export async function kioskColumns(input: KioskInput) {
  return {
    ...(input.kiosk_reset_seconds !== undefined && { kioskResetSeconds: input.kiosk_reset_seconds }),
    ...(input.kiosk_pin !== undefined && {
      kioskPinHash: input.kiosk_pin ? await hashPassword(input.kiosk_pin) : null,
    }),
  };
}
