// A visitor's spin told to the big screen the visitor came from (?tela= on the public page): the
// result, the prize's name and picture and the first name, never a contact. Never on the spin's
// path: the phone has its answer whether or not a screen hears it.
import "server-only";
import { screenById } from "@/lib/devices/public";
import { log } from "@/lib/log";
import type { SpinAnswer } from "@/lib/spins/answer";
import { publishScreenSpin, type ScreenSpin } from "./bus";
import { screenFirstName } from "./first-name";

export function screenSpinOf(answer: SpinAnswer): ScreenSpin {
  return {
    result: answer.result,
    prize: answer.prize && { id: answer.prize.id, name: answer.prize.name, image_url: answer.prize.image_url ?? null },
    first_name: screenFirstName(answer.customer.name),
  };
}

/** Publishes the spin to the wheel's screen named by the visitor; an unknown or revoked screen hears nothing. */
export async function announceToScreen(wheelId: string, screenId: string, answer: SpinAnswer) {
  try {
    const screen = await screenById(wheelId, screenId);
    if (screen) await publishScreenSpin(screen.id, screenSpinOf(answer));
  } catch (err) {
    log().warn({ err }, "screen announcement failed");
  }
}
