"use client";
// The totem (a shared tablet at a stand): an attract screen, then the wheel's own play steps
// (components/public-wheel/play.tsx, the same form, draw and result as the public page, so every
// game of the wheel plays here too) for one person at a time. After a result it clears itself for
// the next person in `resetSeconds`, and after 60 s without a touch; a new round remounts the play
// steps, so every field is empty again. Leaving it, and resuming it once left, asks the staff PIN
// when the server says the wheel has one now (what the page loaded is only the offline fallback).
// On its attract screen it checks its link every minute and at a tap: a revoked totem says so
// instead of inviting people (issue 49).
// Loaded only on /w/{c}/{w}/totem: nothing of it reaches the public page.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentProps } from "react";
import type { Play as PlaySteps } from "@/components/public-wheel/play";
import { DEVICE_OFF } from "@/lib/copy/devices";
import { LOADING } from "@/lib/copy/public-form";
import { useHydrated } from "@/lib/ui/use-hydrated";
import { DeviceUnavailable } from "./device-unavailable";
import { askKiosk, CHECK_MS } from "./kiosk-check";

// The play steps (the form and all after it) are not on the attract screen, the totem's first: they
// are fetched once the page is hydrated, long before anyone taps, and again at the tap if that
// failed. The tablet's first load is the attract screen's code alone (issue 43: the totem's
// first-load JS within 5 KB of a bare Next.js page's; docs/decisions/performance.md "The totem's
// first load").
const loadPlay = () => import("@/components/public-wheel/play").then((m) => m.Play);

// The staff's exit (a Radix dialog and the API client, ~18 KB gzip) and a winner's hand-off (the QR
// code library) are not in the tablet's first load either: they are fetched once the page is
// hydrated, so that "Sair" or a result on a network that has dropped since still work (issue 49).
// Should that fetch have failed too, the totem's own error screen (error.tsx beside the page) waits
// for the network and comes back by itself.
const loadExit = () => import("./exit-dialog");
const ExitDialog = lazy(() => loadExit().then((m) => ({ default: m.ExitDialog })));
const loadAhead = () => {
  loadExit().catch(() => undefined);
  import("./prize-hand-off").then((m) => m.loadQr()).catch(() => undefined);
};

export const IDLE_MS = 60_000;

interface Props {
  play: ComponentProps<typeof PlaySteps>;
  device: string;
  resetSeconds: number;
  pinSet: boolean;
  companyName: string;
  logoUrl: string | null;
  /** The shop sends prizes by WhatsApp: the result offers "Enviar para o meu WhatsApp". */
  sendsWhatsapp: boolean;
}

type Mode = "attract" | "playing" | "paused";

export function Totem({ play, device, resetSeconds, pinSet, companyName, logoUrl, sendsWhatsapp }: Props) {
  // Its buttons need React: a tap before hydration (later on the page's first load, whose scripts
  // start after its first paint: lib/public-page/scripts-after-paint.ts) would be lost.
  const hydrated = useHydrated();
  const [mode, setMode] = useState<Mode>("attract");
  const [round, setRound] = useState(0);
  const [countdown, setCountdown] = useState<number | null>(null);
  // The PIN dialog, to leave or to resume a paused totem.
  const [exiting, setExiting] = useState<"leave" | "resume" | null>(null);
  const [revoked, setRevoked] = useState(false);
  // The server's last word on the PIN, used only when it cannot be asked (offline).
  const pinKnown = useRef(pinSet);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [Play, setPlay] = useState<typeof PlaySteps | null>(null);
  const fetchPlay = useCallback(() => {
    loadPlay().then(
      (steps) => setPlay(() => steps),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    fetchPlay();
    loadAhead();
  }, [fetchPlay]);

  const nextPerson = useCallback(() => {
    setCountdown(null);
    setRound((r) => r + 1);
    setMode("attract");
  }, []);

  // 60 s without a touch or a key: back to the attract screen, the half-filled form cleared.
  const touched = useCallback(() => {
    clearTimeout(idle.current);
    idle.current = setTimeout(nextPerson, IDLE_MS);
  }, [nextPerson]);
  useEffect(() => {
    if (mode !== "playing") return clearTimeout(idle.current);
    touched();
    const events = ["pointerdown", "keydown", "input"] as const;
    for (const e of events) window.addEventListener(e, touched, { passive: true });
    return () => {
      clearTimeout(idle.current);
      for (const e of events) window.removeEventListener(e, touched);
    };
  }, [mode, touched]);

  // The result screen says so (components/public-wheel/result.tsx): count down to the next person.
  useEffect(() => {
    const onResult = () => setCountdown(resetSeconds);
    window.addEventListener("roleta:result", onResult);
    return () => window.removeEventListener("roleta:result", onResult);
  }, [resetSeconds]);
  useEffect(() => {
    if (countdown === null) return;
    const t = setTimeout(() => (countdown <= 1 ? nextPerson() : setCountdown(countdown - 1)), 1000);
    return () => clearTimeout(t);
  }, [countdown, nextPerson]);

  const wheelPath = wheelPathOf(play);
  const ask = useCallback(async () => {
    const answer = await askKiosk(wheelPath, device);
    if (answer === "revoked") setRevoked(true);
    else if (answer !== "offline") pinKnown.current = answer === "pin";
    return answer;
  }, [wheelPath, device]);

  // On the attract screen: its link checked now and every minute.
  useEffect(() => {
    if (mode !== "attract") return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a server answer, set after its await
    void ask();
    const timer = setInterval(() => void ask(), CHECK_MS);
    return () => clearInterval(timer);
  }, [mode, ask]);

  function start() {
    // Full screen where the browser allows it (the OS's kiosk mode does the rest: docs/totem.md).
    document.documentElement.requestFullscreen?.().catch(() => undefined);
    if (!Play) fetchPlay();
    setMode("playing");
    // Checked again at the tap: a link revoked since the last minute stops before anything is typed.
    void ask();
  }

  /** "Sair" or "Retomar": at once when the server says no PIN is needed, else the PIN dialog. */
  async function guarded(action: "leave" | "resume") {
    const answer = await ask();
    if (answer === "revoked") return;
    const needsPin = answer === "offline" ? pinKnown.current : answer === "pin";
    if (needsPin) setExiting(action);
    else if (action === "leave") left();
    else resume();
  }

  function resume() {
    setExiting(null);
    setMode("attract");
  }

  function left() {
    setExiting(null);
    setCountdown(null);
    setRound((r) => r + 1);
    setMode("paused");
    if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
  }

  if (revoked) return <DeviceUnavailable title={DEVICE_OFF.totem} text={DEVICE_OFF.text} />;

  const dialog = exiting && (
    <Suspense fallback={null}>
      <ExitDialog
        device={device}
        wheelPath={wheelPath}
        resume={exiting === "resume"}
        onClose={() => setExiting(null)}
        onDone={exiting === "resume" ? resume : left}
        onRevoked={() => setRevoked(true)}
      />
    </Suspense>
  );

  if (mode === "paused")
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-gray-900 p-8 text-center text-white">
        <h1 className="text-3xl font-extrabold">Totem pausado</h1>
        <p className="max-w-md text-lg text-gray-200">A roleta não aceita participações até a equipe retomar.</p>
        <button
          type="button"
          onClick={() => void guarded("resume")}
          className="min-h-16 rounded-2xl bg-white px-10 text-xl font-bold text-gray-900"
        >
          Retomar o totem
        </button>
        {dialog}
      </main>
    );

  return (
    <div
      className="relative flex min-h-screen flex-col bg-gradient-to-b from-brand-700 to-brand-800 px-4 py-6"
      // The result's links (claim page, WhatsApp hand-off) would leave the totem for the next
      // person to find: the code stays on screen instead. Links before the result (a WhatsApp
      // confirmation) still work.
      onClickCapture={(e) => {
        const link = (e.target as HTMLElement).closest("a");
        if (link && countdown !== null) e.preventDefault();
      }}
    >
      <button
        type="button"
        onClick={() => void guarded("leave")}
        disabled={!hydrated}
        className="absolute top-3 right-3 z-20 min-h-12 min-w-12 rounded-full bg-black/40 px-4 text-sm font-semibold text-white"
      >
        Sair
      </button>
      <header className="mb-4 text-center text-lg font-semibold text-brand-100">
        {logoUrl && (
          // eslint-disable-next-line @next/next/no-img-element -- the shop's uploaded logo, any host
          <img
            src={logoUrl}
            alt=""
            width={80}
            height={80}
            className="mx-auto mb-2 h-20 w-20 rounded-full bg-white object-contain"
          />
        )}
        {companyName}
      </header>
      {mode === "attract" ? (
        <main className="flex flex-1 items-center justify-center">
          <button
            type="button"
            onClick={start}
            disabled={!hydrated}
            className="w-full max-w-xl rounded-3xl bg-white px-8 py-16 text-center shadow-2xl motion-safe:animate-pulse"
          >
            <span className="block text-5xl" aria-hidden>
              🎡
            </span>
            <span className="mt-4 block text-4xl font-extrabold text-gray-900">Toque para jogar</span>
            <span className="mt-3 block text-xl text-gray-700">{play.wheelName}</span>
          </button>
        </main>
      ) : (
        <main
          className="mx-auto w-full max-w-xl rounded-3xl bg-white p-8 text-lg shadow-xl [&_button]:min-h-14 [&_input]:min-h-14 [&_input]:text-lg"
          data-testid="totem-play"
        >
          {Play ? (
            <Play key={round} {...play} device={device} kioskWhatsapp={sendsWhatsapp} />
          ) : (
            <p role="status">{LOADING}</p>
          )}
          {countdown !== null && (
            <div className="mt-6 text-center">
              <p role="status" className="text-base text-gray-700">
                Próxima pessoa em {countdown} s
              </p>
              <button
                type="button"
                onClick={nextPerson}
                className="mt-3 w-full rounded-xl border-2 border-brand-600 py-3 text-lg font-bold text-brand-800"
              >
                Próxima pessoa
              </button>
            </div>
          )}
        </main>
      )}
      {dialog}
    </div>
  );
}

const wheelPathOf = (p: Props["play"]) =>
  `/public/${encodeURIComponent(p.companySlug)}/wheels/${encodeURIComponent(p.wheelSlug)}`;
