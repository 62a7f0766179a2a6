"use client";
// The play step after 'Começar' (issue 42): the wheel with GIRAR, or the raspadinha or gift box that
// reveals the server's answer. Fetched at 'Começar' with the game's own chunk, so the page's first
// load carries only the form (docs/decisions/games.md "Each game's code only where it is played").
import { lazy, Suspense, useEffect, useRef } from "react";
import type { Game } from "@/lib/games/names";
import type { SpinAnswer } from "@/lib/spins/answer";
import type { Segment } from "./segments";

const loadWheel = () => import("./wheel-svg");
const WheelSvg = lazy(() => loadWheel().then((m) => ({ default: m.WheelSvg })));
const loadScratch = () => import("./scratch-card");
const ScratchCard = lazy(() => loadScratch().then((m) => ({ default: m.ScratchCard })));
const loadGift = () => import("./gift-box");
const GiftBox = lazy(() => loadGift().then((m) => ({ default: m.GiftBox })));
const GAME_LOADERS: Record<Game, () => Promise<unknown>> = { wheel: loadWheel, scratch: loadScratch, gift: loadGift };

/** Starts fetching the game's drawing, while the eligibility check runs. */
export const preloadGame = (game: Game) => void GAME_LOADERS[game]().catch(() => {});

/** A totem on a fair's Wi-Fi: the spin is retried with its Idempotency-Key meanwhile. */
const KIOSK_RETRYING = "Sem conexão, tentando de novo…";

/** The box the game is drawn in, kept while its code arrives. */
export const StageBox = () => <div className="mx-auto aspect-square w-full max-w-xs" />;

interface Props {
  game: Game;
  firstName: string;
  spinning: boolean;
  connecting: boolean;
  kiosk: boolean;
  wheelName: string;
  logoUrl: string | null;
  /** The wheel: its segments, where it stops, the note under it and GIRAR. */
  segments: Segment[];
  rotation: number;
  sliceNote: string | null;
  onSpin: () => void;
  /** The other games: the server's answer once drawn, the first stroke or tap, the reveal's end. */
  answer: SpinAnswer | null;
  onPlay: () => void;
  onRevealed: () => void;
}

export function Stage(p: Props) {
  const GameView = p.game === "scratch" ? ScratchCard : p.game === "gift" ? GiftBox : null;
  // 'Começar' is gone with the form: the focus moves to this step's heading, not to <body>.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="wheel-title" className="text-center">
      <h2 id="wheel-title" ref={heading} tabIndex={-1} className="text-xl font-bold text-gray-900 outline-none">
        Olá, {p.firstName}! Boa sorte!
      </h2>
      <div className="my-6">
        <Suspense fallback={<StageBox />}>
          {GameView ? (
            <GameView
              answer={p.answer}
              busy={p.spinning}
              connecting={p.connecting}
              onPlay={p.onPlay}
              onRevealed={p.onRevealed}
              logoUrl={p.logoUrl}
              wheelName={p.wheelName}
            />
          ) : (
            <WheelSvg segments={p.segments} rotation={p.rotation} spinning={p.spinning} />
          )}
        </Suspense>
      </div>
      {!GameView && (
        <>
          {p.sliceNote && <p className="-mt-2 mb-4 text-xs text-gray-600">{p.sliceNote}</p>}
          <button
            type="button"
            onClick={p.onSpin}
            disabled={p.spinning}
            className="w-full rounded-xl bg-brand-600 py-4 text-xl font-extrabold tracking-wide text-white shadow-lg hover:bg-brand-700 disabled:opacity-70"
          >
            {p.connecting ? (p.kiosk ? KIOSK_RETRYING : "Conectando...") : p.spinning ? "Girando..." : "GIRAR"}
          </button>
        </>
      )}
    </section>
  );
}
