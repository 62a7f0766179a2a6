"use client";
// The play steps (form -> wheel -> result). The server draws; the animation only shows it:
// GIRAR calls spin first, then the wheel turns 4 s to the drawn segment, then the result.
// A spin whose answer is lost is retried with the same Idempotency-Key ("Conectando..."), and a
// won prize is remembered on the phone, so coming back offers "Ver meu prêmio".
// The form's fields are uncontrolled: a slow phone shows the server's HTML seconds before React
// hydrates it, and what the visitor typed or ticked meanwhile lives only in the DOM. The fields are
// read from the form at 'Começar', and the consent box's state is taken from the DOM once hydrated.
import { cloneElement, lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { Attribution } from "@/lib/sources/attribution";
import type { SpinAnswer } from "@/lib/spins/answer";
import { lastPrizeKey, type LastPrize } from "@/lib/redemption/last-prize";
import { maskCpf } from "@/lib/validation/cpf-mask";
import type { VisitorFormConfig } from "@/lib/validation/public-rules";
import { AGE_HINT, LOADING } from "@/lib/copy/public-form";
import type { Game } from "@/lib/games/names";
import { ANSWER, type Entered } from "./entered";
import type { Segment } from "./segments";
import type { Slice } from "./slices";

interface Props {
  companySlug: string;
  wheelSlug: string;
  wheelName: string;
  /** Null on counter wheels, whose count would tell when the next winning number comes up. */
  totalSpins: number | null;
  /** Today in São Paulo (YYYY-MM-DD), from the server: the birthdate's upper bound. Computing it
   *  here would cost the first Intl time-zone lookup, tens of ms on a phone, during hydration. */
  maxBirthdate: string;
  /** Prizes available (the form's footer). */
  prizeCount: number;
  slices: Slice[];
  /** Why the slices are equal, outside random mode. */
  sliceNote: string | null;
  /** The page URL's source key and utm_* (sent with the spin). */
  attribution?: Attribution;
  /** The shop's phone, for "Falar com a loja" on the result. */
  companyPhone: string | null;
  /** The wheel asks the visitor to prove the WhatsApp number before the wheel (verify_contact). */
  verifyContact?: boolean;
  /** The shop can send a 6-digit code instead (it named its code template). */
  verifyByCode?: boolean;
  /** The CPF box's hint (it says "one play per person" only on wheels that allow one per CPF). */
  cpfHint: string;
  /** The LGPD consent box's text. */
  consentText: string;
  /** What the wheel asks besides name, WhatsApp and birth date (e-mail, CPF, questions). */
  form?: VisitorFormConfig;
  /**
   * A shared totem's token (components/totem): no per-address limit, no prize remembered on the
   * device, no autofill of the last person's data, and "sem conexão" while a spin is retried.
   */
  device?: string;
  /** On a totem: the shop sends prizes by WhatsApp ("Enviar para o meu WhatsApp" on the result). */
  kioskWhatsapp?: boolean;
  /** The big screen the visitor came from (?tela=): the spin is shown on it too. */
  screen?: string;
  /** How the draw is revealed (issue 42): the wheel, the raspadinha or the gift box. */
  game?: Game;
  /** What the form's intro says the visitor does ("girar a roleta"), from the server (lib/games/names). */
  gameAction?: string;
  /** The shop's logo, on the raspadinha's card and the gift box. */
  logoUrl?: string | null;
}

const NO_EXTRA_FIELDS: VisitorFormConfig = { fields: { email: "off", cpf: "off" }, questions: [] };

// The result screen is not part of the page's first load (the visitor's phone downloads less before
// the form works): it is fetched when GIRAR is pressed, while the wheel turns.
const loadResult = () => import("./result");
const SpinResult = lazy(() => loadResult().then((m) => ({ default: m.SpinResult })));
// The wheel or the game, with its drawing: fetched at 'Começar', while the eligibility check runs.
const loadStage = () => import("./stage");
const Stage = lazy(() => loadStage().then((m) => ({ default: m.Stage })));
// The WhatsApp confirmation, only on wheels that ask for it: fetched at 'Começar' too.
const loadVerify = () => import("./verify-step");
const VerifyStep = lazy(() => loadVerify().then((m) => ({ default: m.VerifyStep })));
// The form's checks, the eligibility call and the spin request (the zod-free rules: zod would weigh
// on every visitor's phone): fetched once the page is hydrated, awaited at 'Começar'.
const loadFlow = () => import("./flow");
/** Shown when 'Começar' cannot fetch the checks (the connection is gone): the fetcher's own text. */
const CONNECTION_ERROR = "Erro de conexão";

/** The DOM id of a field's box, for its error's aria-describedby and the focus on an error. */
const fieldId = (key: string) => `play-${key.replace(".", "-")}`;

/** The refusal's text by the 'Começar' button. */
const ERROR_ID = "play-error";

/**
 * Puts a server's refusal in view (issue 38): the field it is about (the CPF or e-mail already
 * used, a disposable e-mail), marked and followed by its message, gets the focus; a refusal of no
 * field (the WhatsApp already played) focuses its text by the button. After React has drawn them.
 */
function showRefusal(form: HTMLFormElement, fields: Record<string, string>) {
  requestAnimationFrame(() => {
    const [first] = Object.keys(fields);
    const target =
      (first && form.querySelector<HTMLElement>(`#${fieldId(first)}`)) ||
      form.querySelector<HTMLElement>(`#${ERROR_ID}`);
    target?.focus();
    target?.scrollIntoView({ block: "center" });
  });
}

const SPIN_MS = 4000;
/** Under reduced motion the wheel does not turn (wheel-svg.tsx): the landed slice shows this long. */
const STILL_SPIN_MS = 1500;
const input =
  "block w-full rounded-lg border border-gray-300 px-3 py-3 text-base text-gray-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

export function Play({
  companySlug,
  wheelSlug,
  wheelName,
  totalSpins,
  maxBirthdate,
  prizeCount,
  slices,
  sliceNote,
  attribution,
  companyPhone,
  verifyContact = false,
  verifyByCode = false,
  cpfHint,
  consentText,
  form: config = NO_EXTRA_FIELDS,
  device,
  kioskWhatsapp = false,
  screen,
  game = "wheel",
  gameAction = "girar a roleta",
  logoUrl = null,
}: Props) {
  const [step, setStep] = useState<"form" | "verify" | "wheel" | "result">("form");
  /** The proven number's verification (wheels with verify_contact), sent with the spin. */
  const [verificationId, setVerificationId] = useState<string | null>(null);
  // Nothing entered yet: the fields start empty (undefined defaults), and nothing reads it before 'Começar'.
  const [entered, setEntered] = useState({} as Entered);
  /** Mirrors the consent box (for 'Começar'); the box itself is the truth (see its ref). */
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState("");
  /** Each field's message, shown under it and tied to its box (aria-describedby). */
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [spinning, setSpinning] = useState(false);
  const [connecting, setConnecting] = useState(false);
  const [checking, setChecking] = useState(false);
  /** One Idempotency-Key per form submission: every retry of its spin carries it. */
  const [spinKey, setSpinKey] = useState("");
  const [rotation, setRotation] = useState(0);
  const [result, setResult] = useState<SpinAnswer | null>(null);
  /** The raspadinha's and the gift box's answer: drawn by the server before they reveal it. */
  const [answer, setAnswer] = useState<SpinAnswer | null>(null);
  const playing = useRef(false);
  /** The wheel's segments, drawn from the slices at 'Começar' (by the checks' module). */
  const [segments, setSegments] = useState<Segment[]>([]);
  const storageKey = lastPrizeKey(companySlug, wheelSlug);
  const wheelPath = `/public/${encodeURIComponent(companySlug)}/wheels/${encodeURIComponent(wheelSlug)}`;
  const kiosk = !!device;
  /** The last prize this phone won on the wheel ("Ver meu prêmio"): never on a totem. */
  const [lastPrize, setLastPrize] = useState<LastPrize | null>(null);
  /** On a totem the browser must not offer the last person's name and number. */
  const auto = (hint: string) => (kiosk ? "off" : hint);
  const source = attribution?.source;

  // One page view for the funnel: a beacon (no cookie, no personal data). A string body is sent as
  // text/plain, which every browser beacons without a preflight; the route reads it as JSON.
  useEffect(() => {
    navigator.sendBeacon?.(`/api${wheelPath}/view`, JSON.stringify({ source }));
  }, [wheelPath, source]);
  // What 'Começar' needs, fetched while the visitor fills in the form (a failure shows at 'Começar');
  // the last prize is read by it too, a moment after hydration (storage reads stay out of the first load).
  useEffect(() => {
    loadFlow()
      .then((flow) => !kiosk && setLastPrize(flow.lastPrize(storageKey)))
      .catch(() => {});
  }, [kiosk, storageKey]);

  // React has the form now: the page's small script (lib/public-page/form-script.ts) stands aside
  // and sends again a 'Começar' it held. The effect runs once the whole page has hydrated;
  // bench:embed reads the mark.
  // (A totem mounts the form again for each visitor, and has no such script.)
  useEffect(() => {
    performance.mark?.("roleta:hydrated");
    dispatchEvent(new Event("roleta:hydrated"));
  }, []);

  /** A refusal met at GIRAR: shown once the form is back on screen. */
  const pendingFocus = useRef<Record<string, string> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (step !== "form" || !pendingFocus.current || !formRef.current) return;
    showRefusal(formRef.current, pendingFocus.current);
    pendingFocus.current = null;
  }, [step]);

  async function start(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    let flow: Awaited<ReturnType<typeof loadFlow>>;
    try {
      flow = await loadFlow();
    } catch {
      return setError(CONNECTION_ERROR);
    }
    // The fields as they are in the DOM (typed or ticked before or after hydration alike).
    const form = flow.readForm(formEl);
    setEntered(form);
    const errors = flow.formErrors(form, config);
    setFieldErrors(errors);
    const [first] = Object.keys(errors);
    if (first) {
      setError(errors[first]);
      formEl.querySelector<HTMLElement>(`#${fieldId(first)}`)?.focus();
      return;
    }
    setError("");
    setChecking(true);
    void loadStage()
      .then((m) => m.preloadGame(game))
      .catch(() => {});
    if (verifyContact) void loadVerify();
    // A returning number hears it here, not after pressing GIRAR.
    const refusal = await flow.eligibilityRefusal(wheelPath, form, device);
    setChecking(false);
    if (refusal) {
      setFieldErrors(refusal.fields);
      setError(refusal.error);
      return showRefusal(formEl, refusal.fields);
    }
    setSpinKey(flow.newIdempotencyKey());
    setAnswer(null);
    playing.current = false;
    setSegments(flow.buildSegments(slices));
    setStep(verifyContact ? "verify" : "wheel");
  }

  const verified = useCallback((id: string) => {
    setVerificationId(id);
    setStep("wheel");
  }, []);

  /**
   * The spin call: the server draws here, before any game shows anything. A refusal or a lost
   * connection takes the visitor back to the form with its message; the answer is null then.
   */
  async function draw(flow: Awaited<ReturnType<typeof loadFlow>>): Promise<SpinAnswer | null> {
    try {
      return await flow.playSpin({
        wheelPath,
        entered,
        verificationId,
        attribution,
        key: spinKey,
        storageKey: kiosk ? null : storageKey,
        onRetry: () => setConnecting(true),
        device: device || screen ? { device, screen } : undefined,
      });
    } catch (err) {
      const refusal = flow.refusalOf(err);
      setError(refusal.error);
      setFieldErrors(refusal.fields);
      setStep("form");
      pendingFocus.current = refusal.fields;
      return null;
    } finally {
      setConnecting(false);
    }
  }

  async function spin() {
    setSpinning(true);
    void loadResult();
    // Loaded at 'Começar' (the wheel is reached through it).
    const flow = await loadFlow();
    const res = await draw(flow);
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
    void loadResult();
    const res = await draw(await loadFlow());
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
          onBack={() => setStep("form")}
        />
      </Suspense>
    );

  if (step === "wheel")
    return (
      <Suspense fallback={<StageFallback />}>
        <Stage
          game={game}
          firstName={entered.name.trim().split(" ")[0]}
          spinning={spinning}
          connecting={connecting}
          kiosk={kiosk}
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
      </Suspense>
    );

  return (
    <form ref={formRef} onSubmit={start} noValidate className="space-y-4" aria-labelledby="form-title">
      <h1 id="form-title" className="text-center text-2xl font-extrabold text-gray-900">
        {wheelName}
      </h1>
      <p className="text-center text-sm text-gray-700">Preencha seus dados para {gameAction} e ganhar um prêmio.</p>
      {lastPrize && (
        <a
          href={lastPrize.claim_url}
          className="block rounded-xl border-2 border-brand-600 bg-brand-50 p-3 text-center font-bold text-brand-800"
        >
          Ver meu prêmio <span className="block text-sm font-medium">{lastPrize.prize}</span>
        </a>
      )}
      <Field id="name" label="Nome completo" error={fieldErrors.name}>
        <input className={input} autoComplete={auto("name")} maxLength={255} name="name" defaultValue={entered.name} />
      </Field>
      <Field id="whatsapp" label="WhatsApp" error={fieldErrors.whatsapp}>
        <input
          className={input}
          type="tel"
          inputMode="tel"
          autoComplete={auto("tel")}
          placeholder="(11) 98765-4321"
          name="whatsapp"
          defaultValue={entered.whatsapp}
        />
      </Field>
      {config.fields.email !== "off" && (
        <Field id="email" label={optional("E-mail", config.fields.email)} error={fieldErrors.email}>
          <input
            className={input}
            type="email"
            inputMode="email"
            autoComplete={auto("email")}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={254}
            placeholder="voce@exemplo.com.br"
            name="email"
            defaultValue={entered.email ?? undefined}
          />
        </Field>
      )}
      {config.fields.cpf !== "off" && (
        <Field id="cpf" label={optional("CPF", config.fields.cpf)} error={fieldErrors.cpf} hint={cpfHint}>
          <input
            className={input}
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            placeholder="000.000.000-00"
            name="cpf"
            defaultValue={entered.cpf ?? undefined}
            // The mask edits the box itself: the field stays uncontrolled (read at 'Começar').
            onInput={(e) => {
              const box = e.currentTarget;
              const masked = maskCpf(box.value);
              if (masked !== box.value) box.value = masked;
            }}
          />
        </Field>
      )}
      {config.questions.map((q) => {
        const key = `${ANSWER}${q.id}`;
        const label = q.required ? q.label : `${q.label} (opcional)`;
        return (
          <Field key={q.id} id={key} label={label} error={fieldErrors[key]}>
            {q.type === "select" ? (
              <select className={input} name={key} defaultValue={entered.answers?.[q.id] ?? ""}>
                <option value="">Selecione</option>
                {q.options?.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ) : (
              <input className={input} maxLength={200} name={key} defaultValue={entered.answers?.[q.id]} />
            )}
          </Field>
        );
      })}
      <Field id="birthdate" label="Data de nascimento (opcional)" error={fieldErrors.birthdate} hint={AGE_HINT}>
        <input className={input} type="date" max={maxBirthdate} name="birthdate" defaultValue={entered.birthdate} />
      </Field>
      <label className="flex items-start gap-3 text-sm text-gray-800">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0 accent-brand-600"
          name="consent"
          id={fieldId("consent")}
          aria-invalid={fieldErrors.consent ? true : undefined}
          // A box ticked before hydration is ticked in the DOM only: 'Começar' follows the DOM once
          // the box is on screen (after hydration, and when a failed spin brings the form back).
          ref={(box) => void (box && setConsent(box.checked))}
          defaultChecked={entered.consent}
          onChange={(e) => setConsent(e.target.checked)}
        />
        <span>{consentText}</span>
      </label>
      {error && (
        // By the button, where the eye is after pressing it: at the top of a long form it was out of
        // view on a phone (issue 38). Focused when no field of the form carries the refusal.
        <p
          id={ERROR_ID}
          tabIndex={-1}
          className="scroll-mb-24 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 focus:outline-none"
          role="alert"
        >
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={!consent || checking}
        aria-busy={checking || undefined}
        className="w-full rounded-xl bg-brand-600 py-3 text-lg font-bold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        Começar
      </button>
      <p className="text-center text-xs text-gray-600">
        {prizeCount} {prizeCount === 1 ? "prêmio disponível" : "prêmios disponíveis"}
        {totalSpins !== null && ` · ${totalSpins} ${totalSpins === 1 ? "giro realizado" : "giros realizados"}`}
      </p>
    </form>
  );
}

/** The stage's box while its code arrives (the stage's own StageBox, inlined: it is not loaded yet). */
const StageFallback = () => <div className="mx-auto my-6 aspect-square w-full max-w-xs" />;

const optional = (label: string, mode: string) => (mode === "optional" ? `${label} (opcional)` : label);

/**
 * A labelled box with its hint and its error under it, both tied to the box (aria-describedby);
 * the box (the only child) gets its id, name-based, and aria-invalid while it has an error.
 */
function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: React.ReactElement<React.InputHTMLAttributes<HTMLElement>>;
}) {
  const box = fieldId(id);
  const described = [hint && `${box}-hint`, error && `${box}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={box} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      {cloneElement(children, { id: box, "aria-describedby": described, "aria-invalid": error ? true : undefined })}
      {hint && (
        <p id={`${box}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${box}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
