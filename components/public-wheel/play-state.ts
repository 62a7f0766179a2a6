// Whether a public wheel can be played now, and if not why: decided once for the public page (which
// shows the matching notice) and the embed page (whose bridge keeps the shop's popup closed when
// there is nothing to play: docs/decisions/embed.md "The popup opens only on a playable wheel").
import type { PublicWheelView } from "@/lib/spins/public-view";
import { wheelSlices } from "./slices";

export type PlayState = "open" | "scheduled" | "ended" | "sold_out" | "sold_out_today";

export function playState(view: PublicWheelView): PlayState {
  if (view.wheel.status === "scheduled") return "scheduled";
  if (view.wheel.status === "ended") return "ended";
  if (!view.stats.has_available_prizes) return "sold_out";
  return wheelSlices(view).slices.length ? "open" : "sold_out_today";
}
