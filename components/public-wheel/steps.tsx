"use client";
// The play steps after 'Começar': the WhatsApp confirmation (on wheels that ask for it), the wheel
// with GIRAR or the game that reveals the answer, then the result. Not in the page's first load:
// play.tsx fetches this module at 'Começar', while the eligibility check runs, and mounts it once
// per round (a new Idempotency-Key each time). The server draws at GIRAR (or at the raspadinha's
// first stroke, the gift's tap); the animation only shows it. A spin whose answer is lost is
// retried with the same key ("Conectando..."); a refusal takes the visitor back to the form.
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import type { Game } from "@/lib/games/names";
import { LOADING } from "@/lib/copy/public-form";
import { lastPrizeKey } from "@/lib/redemption/last-prize";
import type { SpinAnswer } from "@/lib/spins/answer";
import type { Entered } from "./entered";
import type { Refusal } from "./flow";
import type { PlayProps } from "./play-types";
import { preloadGame, Stage } from "./stage";

type Flow = typeof import("./flow");

// The result screen: fetched when GIRAR is pressed, while the wheel turns.
const loadResult = () => import("./result");
const SpinResult = lazy(() => loadResult().then((m) => ({ default: m.SpinResult })));
// The WhatsApp confirmation, only on wheels that ask for it.
const loadVerify = () => import("./verify-step");
const VerifyStep = lazy(() => loadVerify().then((m) => ({ default: m.VerifyStep })));

/** Starts fetching what the first step draws (the game's drawing, the confirmation). */
export function preload(game: Game, verify: boolean) {
  preloadGame(game);
  if (verify) void loadVerify().catch(() => {});
}

const SPIN_MS = 4000;
/** Under reduced motion the wheel does not turn (wheel-svg.tsx): the landed slice shows this long. */
const STILL_SPIN_MS = 1500;

interface Props extends PlayProps {
  /** The form's checks and the spin request (play.tsx loaded them for 'Começar'). */
  flow: Flow;
  entered: Entered;
  wheelPath: string;
  /** Back to the form: with the server's refusal, or without (the confirmation's "Voltar"). */
  onExit: (refusal?: Refusal) => void;
}

export function Steps({
  flow,
  entered,
  wheelPath,
  onExit,
  companySlug,
  wheelSlug,
  wheelName,
  slices,
  sliceNote,
  attribution,
  companyPhone,
  verifyContact,
  verifyByCode = false,
  device,
  kioskWhatsapp = false,
  screen,
  game = "wheel",
  logoUrl = null,
}: Props) {
  const [step, setStep] = useState<"verify" | "wheel" | "result">(verifyContact ? "verify" : "wheel");
  /** The proven number's verification (wheels with verify_contact), sent with the spin. */
  const [verificationId, setVerificationId] = useState<string | null>(null);
  const [spinning, setSpinning] = useState(false);
  const [connecting, setConnecting] = useState(false);
  /** One Idempotency-Key per round: every retry of its spin carries it. */
  const [key] = useState(flow.newIdempotencyKey);
  const [segments] = useState(() => flow.buildSegments(slices));
  const [rotation, setRotation] = useState(0);
  const [result, setResult] = useState<SpinAnswer | null>(null);
  /** The raspadinha's and the gift box's answer: drawn by the server before they reveal it. */
  const [answer, setAnswer] = useState<SpinAnswer | null>(null);
  const playing = useRef(false);

  const verified = useCallback((id: string) => {
    setVerificationId(id);
    setStep("wheel");
  }, []);

  /**
   * The spin call: the server draws here, before any game shows anything. A refusal or a lost
   * connection takes the visitor back to the form with its message; the answer is null then.
   */
  async function draw(): Promise<SpinAnswer | null> {
    void loadResult();
    try {
      return await flow.playSpin({
        wheelPath,
        entered,
        verificationId,
        attribution,
        key,
        // A shared totem does not remember the prize: the next person must not see it.
        storageKey: device ? null : lastPrizeKey(companySlug, wheelSlug),
        onRetry: () => setConnecting(true),
        device: device || screen ? { device, screen } : undefined,
      });
    } catch (err) {
      onExit(flow.refusalOf(err));
      return null;
    } finally {
      setConnecting(false);
    }
  }

  async function spin() {
    setSpinning(true);
    const res = await draw();
    if (res) {
      setRotation((r) => flow.rotationTo(segments, res, r));
      const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      await new Promise((r) => setTimeout(r, still ? STILL_SPIN_MS : SPIN_MS));
      setResult(res);
      setStep("result");
    }
    setSpinning(false);
  }

  /** The raspadinha's first stroke or the gift's tap: the answer comes first, the game reveals it. */
  async function playGame() {
    if (playing.current) return;
    playing.current = true;
    setSpinning(true);
    const res = await draw();
    setSpinning(false);
    if (res) setAnswer(res);
    else playing.current = false;
  }

  const revealed = useCallback(() => {
    setResult(answer);
    setStep("result");
  }, [answer]);

  if (step === "result" && result)
    return (
      <Suspense fallback={<p role="status">{LOADING}</p>}>
        <SpinResult
          result={result}
          wheelName={wheelName}
          companyPhone={companyPhone}
          kiosk={device ? { device, wheelPath, whatsapp: kioskWhatsapp } : undefined}
        />
      </Suspense>
    );

  if (step === "verify")
    return (
      <Suspense fallback={<p role="status">{LOADING}</p>}>
        <VerifyStep
          wheelPath={wheelPath}
          whatsapp={entered.whatsapp}
          byCode={verifyByCode}
          onVerified={verified}
          onBack={() => onExit()}
        />
      </Suspense>
    );

  return (
    <Stage
      game={game}
      firstName={entered.name.trim().split(" ")[0]}
      spinning={spinning}
      connecting={connecting}
      kiosk={!!device}
      wheelName={wheelName}
      logoUrl={logoUrl}
      segments={segments}
      rotation={rotation}
      sliceNote={sliceNote}
      onSpin={spin}
      answer={answer}
      onPlay={playGame}
      onRevealed={revealed}
    />
  );
}
