// What the raspadinha and the gift box share: their props, the server's answer as the reveal shows it,
// and the pause between the reveal and the result screen (docs/decisions/games.md "One draw, three
// reveals"). The answer is the spin call's: a game never decides, it only shows.
import { useEffect } from "react";
import type { SpinAnswer } from "@/lib/spins/answer";

export interface GameProps {
  /** The server's answer, once the spin call has come back (null before). */
  answer: SpinAnswer | null;
  /** The spin call is on its way (or retrying). */
  busy: boolean;
  connecting: boolean;
  /** Starts the spin call; called at the first scratch, tap or button press (once). */
  onPlay: () => void;
  /** The reveal is over: the result screen follows. */
  onRevealed: () => void;
  logoUrl: string | null;
  wheelName: string;
  /** The editor's still picture: no buttons, no play. */
  preview?: boolean;
}

/** How long the revealed answer stays on the game before the result screen, ms. */
export const REVEAL_HOLD_MS = 1500;

/** The reveal's words: the prize won, or the wheel's no-prize message. */
export function answerLines(answer: SpinAnswer): { title: string; detail: string } {
  return answer.prize
    ? { title: "Você ganhou!", detail: answer.prize.name }
    : { title: answer.message ?? "Não foi desta vez", detail: "Obrigado pela participação!" };
}

/** Hands over to the result screen a moment after the reveal. */
export function useRevealDone(revealed: boolean, onRevealed: () => void) {
  useEffect(() => {
    if (!revealed) return;
    const t = setTimeout(onRevealed, REVEAL_HOLD_MS);
    return () => clearTimeout(t);
  }, [revealed, onRevealed]);
}
