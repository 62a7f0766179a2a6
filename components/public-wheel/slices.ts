// The wheel's slices, decided on the server from the public view: in random mode each prize and
// the "no prize" segment take their real share; in the other modes the prizes follow moments or a
// counter, not odds, so every slice is equal and a note says so.
import { NO_PRIZE } from "@/lib/spins/draw/no-prize";
import type { PublicWheelView } from "@/lib/spins/public-view";
import { sliceColors } from "@/lib/wheels/slice-colors";

export interface Slice {
  id: string;
  name: string;
  /** Share of the wheel in percent. */
  share: number;
  /** From the wheel's theme, readable under white labels (lib/wheels/slice-colors.ts). */
  color: string;
}

const NOTES = {
  moments:
    "Os prêmios saem em momentos ganhadores definidos antes do início da promoção; as fatias da roleta são ilustrativas.",
  counter: "Os prêmios saem pela ordem de participação; as fatias da roleta são ilustrativas.",
} as const;

/** The "no prize" slice is grey, so it never reads as a prize (white on it: 7.6:1). */
export const NO_PRIZE_COLOR = "#4b5563";

export function wheelSlices(view: PublicWheelView): { slices: Slice[]; note: string | null } {
  const noPrize = view.no_prize && { id: NO_PRIZE, name: view.no_prize.label, probability: view.no_prize.probability };
  const all = [...view.products, ...(noPrize ? [noPrize] : [])];
  const random = view.wheel.draw_mode === "random";
  const shown = random ? all.filter((s) => (s.probability ?? 0) > 0) : all;
  const colors = sliceColors(view.wheel.theme, shown.length);
  const slices = shown.map((s, i) => ({
    id: s.id,
    name: s.name,
    share: random ? s.probability! : 100 / shown.length,
    color: s.id === NO_PRIZE ? NO_PRIZE_COLOR : colors[i],
  }));
  const mode = view.wheel.draw_mode;
  return { slices, note: mode === "random" ? null : NOTES[mode] };
}
