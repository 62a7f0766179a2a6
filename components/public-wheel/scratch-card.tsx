"use client";
// The raspadinha (issue 42): a card in the shop's colours whose coating, drawn on a canvas, is
// scratched off with a finger or the mouse (pointer events; touch-action none on the card only, so
// the page still scrolls around it). The first stroke starts the spin call; the server's answer lies
// under the coating and is revealed once about half of it is gone, or at once by "Raspar tudo"
// (keyboard and screen readers). A lazy chunk: only scratch wheels fetch it.
// docs/decisions/games.md "The raspadinha on a canvas".
import { useCallback, useEffect, useRef, useState } from "react";
import { answerLines, useRevealDone, type GameProps } from "./game-reveal";

/** The canvas's own resolution: fixed, so the share scratched is counted on the same grid everywhere. */
const W = 320;
const H = 200;
const BRUSH = 44;
/** The share of the coating that reveals the card: about half (docs/decisions/games.md). */
export const REVEAL_SHARE = 0.5;
/** One alpha sample every STEP pixels each way: 40 x 25 = 1,000 reads instead of 64,000. */
const STEP = 8;

/** The share of the coating scratched off, from a sparse grid of the canvas's alpha. */
function scratchedShare(ctx: CanvasRenderingContext2D): number {
  const { data } = ctx.getImageData(0, 0, W, H);
  let clear = 0;
  let total = 0;
  for (let y = STEP / 2; y < H; y += STEP)
    for (let x = STEP / 2; x < W; x += STEP) {
      total++;
      if (data[(y * W + x) * 4 + 3] < 128) clear++;
    }
  return clear / total;
}

/** The coating: the shop's colour (read from the canvas's CSS colour, the brand palette), stripes and a call. */
function paintCoating(canvas: HTMLCanvasElement) {
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) return;
  ctx.globalCompositeOperation = "source-over";
  ctx.fillStyle = getComputedStyle(canvas).color;
  ctx.fillRect(0, 0, W, H);
  ctx.strokeStyle = "rgba(255,255,255,0.14)";
  ctx.lineWidth = 10;
  for (let x = -H; x < W; x += 28) {
    ctx.beginPath();
    ctx.moveTo(x, H);
    ctx.lineTo(x + H, 0);
    ctx.stroke();
  }
  ctx.fillStyle = "#fff";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.font = "800 30px system-ui, sans-serif";
  ctx.fillText("RASPE AQUI", W / 2, H / 2 - 8);
  ctx.font = "600 15px system-ui, sans-serif";
  ctx.fillText("com o dedo ou o mouse", W / 2, H / 2 + 24);
}

export function ScratchCard({ answer, busy, connecting, onPlay, onRevealed, logoUrl, wheelName, preview }: GameProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const moves = useRef(0);
  const [enough, setEnough] = useState(false);
  const [all, setAll] = useState(false);
  const revealed = !!answer && (enough || all);
  useRevealDone(revealed && !preview, onRevealed);

  useEffect(() => {
    if (canvas.current) paintCoating(canvas.current);
  }, []);

  const check = useCallback(() => {
    const ctx = canvas.current?.getContext("2d", { willReadFrequently: true });
    if (ctx && scratchedShare(ctx) >= REVEAL_SHARE) setEnough(true);
  }, []);

  /** The pointer's place on the canvas's own grid. */
  const at = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - r.left) / r.width) * W, y: ((e.clientY - r.top) / r.height) * H };
  };

  function scratch(to: { x: number; y: number }) {
    const ctx = canvas.current?.getContext("2d", { willReadFrequently: true });
    if (!ctx) return;
    const from = last.current ?? to;
    ctx.globalCompositeOperation = "destination-out";
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.lineWidth = BRUSH;
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x + 0.01, to.y);
    ctx.stroke();
    last.current = to;
    // Counting every few strokes keeps a phone's main thread free while the finger moves.
    if (++moves.current % 6 === 0) check();
  }

  const interactive = !preview && !revealed;
  const lines = answer && answerLines(answer);
  return (
    <div className="mx-auto w-full max-w-xs">
      <div className="rounded-2xl bg-brand-600 p-3 shadow-lg" data-testid="scratch-card">
        <div className="mb-2 flex items-center justify-center gap-2 text-white">
          {logoUrl && (
            // eslint-disable-next-line @next/next/no-img-element -- the shop's uploaded logo, any host
            <img src={logoUrl} alt="" className="h-8 w-8 rounded-full bg-white object-contain" />
          )}
          <span className="truncate text-sm font-bold">{wheelName}</span>
        </div>
        <div className="relative aspect-[8/5] overflow-hidden rounded-xl bg-white">
          {/* The answer under the coating: hidden from screen readers until revealed (the live region says it). */}
          <div
            className="absolute inset-0 flex flex-col items-center justify-center p-3 text-center"
            aria-hidden
            data-testid="scratch-answer"
          >
            {lines ? (
              <>
                <p className="text-lg font-extrabold text-gray-900">{lines.title}</p>
                <p className="mt-1 text-xl font-bold break-words text-brand-700">{lines.detail}</p>
              </>
            ) : (
              <p className="text-sm font-medium text-gray-700">{busy ? "Sorteando..." : "Raspe para descobrir"}</p>
            )}
          </div>
          <canvas
            ref={canvas}
            width={W}
            height={H}
            aria-hidden
            data-testid="scratch-canvas"
            className={`absolute inset-0 h-full w-full touch-none text-brand-600 transition-opacity duration-500 motion-reduce:transition-none ${
              revealed ? "pointer-events-none opacity-0" : preview ? "pointer-events-none" : "cursor-pointer"
            }`}
            onPointerDown={(e) => {
              if (!interactive) return;
              e.currentTarget.setPointerCapture?.(e.pointerId);
              last.current = null;
              onPlay();
              scratch(at(e));
            }}
            onPointerMove={(e) => {
              if (interactive && last.current) scratch(at(e));
            }}
            onPointerUp={() => {
              last.current = null;
              if (interactive) check();
            }}
            onPointerCancel={() => void (last.current = null)}
          />
        </div>
      </div>
      {!preview && (
        <>
          <p className="sr-only" aria-live="polite" data-testid="game-announcement">
            {revealed && lines ? `${lines.title} ${lines.detail}` : busy ? "Sorteando..." : ""}
          </p>
          <button
            type="button"
            onClick={() => {
              onPlay();
              setAll(true);
            }}
            disabled={revealed || (all && busy)}
            className="mt-4 w-full rounded-xl bg-brand-600 py-4 text-xl font-extrabold tracking-wide text-white shadow-lg hover:bg-brand-700 disabled:opacity-70"
          >
            {connecting ? "Conectando..." : all && busy ? "Raspando..." : "Raspar tudo"}
          </button>
        </>
      )}
    </div>
  );
}
