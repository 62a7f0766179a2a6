// The wheel's slices, decided on the server from the public view: in random mode each prize and
// the "no prize" segment take their real share; in the other modes the prizes follow moments or a
// counter, not odds, so every slice is equal and a note says so.
import { NO_PRIZE } from "@/lib/spins/no-prize";
import type { PublicWheelView } from "@/lib/spins/public-view";

export interface Slice {
  id: string;
  name: string;
  /** Share of the wheel in percent. */
  share: number;
}

const NOTES = {
  moments:
    "Os prêmios saem em momentos ganhadores definidos antes do início da promoção; as fatias da roleta são ilustrativas.",
  counter: "Os prêmios saem pela ordem de participação; as fatias da roleta são ilustrativas.",
} as const;

export function wheelSlices(view: PublicWheelView): { slices: Slice[]; note: string | null } {
  const noPrize = view.no_prize && { id: NO_PRIZE, name: view.no_prize.label, probability: view.no_prize.probability };
  const all = [...view.products, ...(noPrize ? [noPrize] : [])];
  if (view.wheel.draw_mode === "random")
    return {
      slices: all
        .filter((s) => (s.probability ?? 0) > 0)
        .map((s) => ({ id: s.id, name: s.name, share: s.probability! })),
      note: null,
    };
  return {
    slices: all.map((s) => ({ id: s.id, name: s.name, share: 100 / all.length })),
    note: NOTES[view.wheel.draw_mode],
  };
}
