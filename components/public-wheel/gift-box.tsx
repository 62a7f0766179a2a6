"use client";
// "Abra o presente" (issue 42): a box in the shop's colours with its logo; a tap or click on it, or
// the "Abrir" button, starts the spin call, and the lid lifts (a short CSS transition, none under
// prefers-reduced-motion) once the server's answer is in, showing it. A lazy chunk: only gift
// wheels fetch it. docs/decisions/games.md "One draw, three reveals".
import { useState } from "react";
import { answerLines, useRevealDone, type GameProps } from "./game-reveal";

export function GiftBox({ answer, busy, connecting, onPlay, onRevealed, logoUrl, wheelName, preview }: GameProps) {
  const [asked, setAsked] = useState(false);
  const open = !!answer && asked;
  useRevealDone(open && !preview, onRevealed);
  const lines = answer && answerLines(answer);
  const play = () => {
    if (preview || open) return;
    setAsked(true);
    onPlay();
  };
  const motion = "transition-all duration-700 ease-out motion-reduce:transition-none";
  return (
    <div className="mx-auto w-full max-w-xs">
      {/* The box is a big target for a finger or the mouse; the "Abrir" button is its keyboard and screen-reader path. */}
      <div
        className={`relative mx-auto mt-16 h-48 w-56 select-none ${preview || open ? "" : "cursor-pointer"}`}
        onClick={play}
        aria-hidden
        data-testid="gift-box"
        data-open={open || undefined}
      >
        {/* What the box holds: the server's answer, rising out of it when the lid is off, just far
            enough to stand on the box (higher, it reached a two-line heading at 320 px). */}
        <div
          className={`absolute inset-x-3 top-4 z-0 flex min-h-24 flex-col items-center justify-center rounded-xl border-2 border-brand-600 bg-white p-2 text-center shadow ${motion} ${
            open ? "-translate-y-12 opacity-100 motion-reduce:translate-y-0" : "translate-y-6 opacity-0"
          }`}
          data-testid="gift-answer"
        >
          {lines && (
            <>
              <p className="text-base font-extrabold text-gray-900">{lines.title}</p>
              <p className="text-lg font-bold break-words text-brand-700">{lines.detail}</p>
            </>
          )}
        </div>
        {/* The box's body, with the ribbon and the shop's logo. */}
        <div className="absolute inset-x-0 bottom-0 z-10 h-32 rounded-b-xl bg-brand-600 shadow-lg">
          <div className="absolute inset-y-0 left-1/2 w-8 -translate-x-1/2 bg-white/85" />
          {logoUrl && (
            // eslint-disable-next-line @next/next/no-img-element -- the shop's uploaded logo, any host
            <img
              src={logoUrl}
              alt=""
              className="absolute top-1/2 left-1/2 h-14 w-14 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white object-contain p-1 shadow"
            />
          )}
        </div>
        {/* The lid with its bow: lifted and tipped when the box opens (or simply gone, without motion). */}
        <div
          className={`absolute inset-x-[-0.5rem] top-8 z-20 h-10 origin-bottom-left rounded-lg bg-brand-700 shadow-md ${motion} ${
            open
              ? "-translate-y-16 -rotate-12 opacity-0 motion-reduce:translate-y-0 motion-reduce:rotate-0"
              : busy && !preview
                ? "-translate-y-1"
                : ""
          }`}
        >
          <div className="absolute inset-y-0 left-1/2 w-8 -translate-x-1/2 bg-white/85" />
          <div className="absolute -top-6 left-1/2 flex -translate-x-1/2 gap-1">
            {/* White as the ribbon, outlined in the shop's dark shade: the loops stand on the white card. */}
            <span className="block h-7 w-9 -rotate-12 rounded-full border-[6px] border-white/90 ring-2 ring-brand-800" />
            <span className="block h-7 w-9 rotate-12 rounded-full border-[6px] border-white/90 ring-2 ring-brand-800" />
          </div>
        </div>
      </div>
      {!preview && (
        <>
          <p className="sr-only" aria-live="polite" data-testid="game-announcement">
            {open && lines ? `${lines.title} ${lines.detail}` : busy ? "Abrindo o presente..." : ""}
          </p>
          <p className="mt-3 text-center text-sm text-gray-700">Toque no presente para abrir.</p>
          <button
            type="button"
            onClick={play}
            disabled={asked}
            className="mt-4 w-full rounded-xl bg-brand-600 py-4 text-xl font-extrabold tracking-wide text-white shadow-lg hover:bg-brand-700 disabled:opacity-70"
          >
            {connecting ? "Conectando..." : asked && !open ? "Abrindo..." : "Abrir"}
          </button>
        </>
      )}
      {preview && <p className="sr-only">Presente de {wheelName}</p>}
    </div>
  );
}
