"use client";
// The play steps' first: the form, the page's first load. What follows 'Começar' (the WhatsApp
// confirmation, the wheel or the game, the result: steps.tsx) is fetched at 'Começar', while the
// eligibility check runs. A won prize is remembered on the phone, so coming back offers "Ver meu prêmio".
// The form's fields are uncontrolled: a slow phone shows the server's HTML seconds before React
// hydrates it, and what the visitor typed or ticked meanwhile lives only in the DOM. The fields are
// read from the form at 'Começar', and the consent box's state is taken from the DOM once hydrated.
import { cloneElement, lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { lastPrizeKey, parseLastPrize } from "@/lib/redemption/last-prize";
import { storageGet } from "@/lib/ui/safe-storage";
import { maskCpf } from "@/lib/validation/cpf-mask";
import type { VisitorFormConfig } from "@/lib/validation/public-rules";
import { AGE_HINT, LOADING } from "@/lib/copy/public-form";
import { ANSWER, type Entered } from "./entered";
import type { Refusal } from "./flow";
import type { PlayProps } from "./play-types";

const NO_EXTRA_FIELDS: VisitorFormConfig = { fields: { email: "off", cpf: "off" }, questions: [] };

// The steps after the form, with the wheel's or the game's drawing: fetched at 'Começar', while the
// eligibility check runs (the visitor's phone downloads less before the form works).
const loadSteps = () => import("./steps");
const Steps = lazy(() => loadSteps().then((m) => ({ default: m.Steps })));
// The form's checks, the eligibility call and the spin request (the zod-free rules: zod would weigh
// on every visitor's phone): fetched once the page is hydrated, awaited at 'Começar'.
const loadFlow = () => import("./flow");
/** Shown when 'Começar' cannot fetch the checks (the connection is gone): the fetcher's own text. */
const CONNECTION_ERROR = "Erro de conexão";

type Flow = Awaited<ReturnType<typeof loadFlow>>;

const noSubscription = () => () => {};

/** The last prize this phone won on the wheel (localStorage), read after hydration; none where the
 *  browser blocks storage (the embed's frame on a shop's site, issue 49). */
function useLastPrize(storageKey: string) {
  const raw = useSyncExternalStore(
    noSubscription,
    () => storageGet(storageKey),
    () => null,
  );
  return useMemo(() => parseLastPrize(raw), [raw]);
}

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

const input =
  "block w-full rounded-lg border border-gray-300 px-3 py-3 text-base text-gray-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

export function Play(props: PlayProps) {
  const {
    companySlug,
    wheelSlug,
    wheelName,
    totalSpins,
    maxBirthdate,
    prizeCount,
    attribution,
    verifyContact = false,
    cpfHint,
    consentText,
    form: config = NO_EXTRA_FIELDS,
    device,
    game = "wheel",
    gameAction = "girar a roleta",
  } = props;
  /** Past the form: the checks' module, which the steps after it use (null on the form). */
  const [flow, setFlow] = useState<Flow | null>(null);
  // Nothing entered yet: the fields start empty (undefined defaults), and nothing reads it before 'Começar'.
  const [entered, setEntered] = useState({} as Entered);
  /** Mirrors the consent box (for 'Começar'); the box itself is the truth (see its ref). */
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState("");
  /** Each field's message, shown under it and tied to its box (aria-describedby). */
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [checking, setChecking] = useState(false);
  const wheelPath = `/public/${encodeURIComponent(companySlug)}/wheels/${encodeURIComponent(wheelSlug)}`;
  const kiosk = !!device;
  const lastPrize = useLastPrize(lastPrizeKey(companySlug, wheelSlug));
  /** On a totem the browser must not offer the last person's name and number. */
  const auto = (hint: string) => (kiosk ? "off" : hint);
  const source = attribution?.source;

  // One page view for the funnel: a beacon (no cookie, no personal data). A string body is sent as
  // text/plain, which every browser beacons without a preflight; the route reads it as JSON.
  useEffect(() => {
    navigator.sendBeacon?.(`/api${wheelPath}/view`, JSON.stringify({ source }));
  }, [wheelPath, source]);
  // What 'Começar' needs, fetched while the visitor fills in the form (a failure shows at 'Começar').
  useEffect(() => void loadFlow().catch(() => {}), []);

  /** A refusal met at GIRAR: shown once the form is back on screen. */
  const pendingFocus = useRef<Record<string, string> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (flow || !pendingFocus.current || !formRef.current) return;
    showRefusal(formRef.current, pendingFocus.current);
    pendingFocus.current = null;
  }, [flow]);

  async function start(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    let flow: Flow;
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
    void loadSteps()
      .then((m) => m.preload(game, verifyContact))
      .catch(() => {});
    // A returning number hears it here, not after pressing GIRAR.
    const refusal = await flow.eligibilityRefusal(wheelPath, form, device);
    setChecking(false);
    if (refusal) {
      setFieldErrors(refusal.fields);
      setError(refusal.error);
      return showRefusal(formEl, refusal.fields);
    }
    setFlow(flow);
  }

  /** Back from the steps to the form: with the server's refusal (shown, its field focused), or not. */
  function exit(refusal?: Refusal) {
    if (refusal) {
      setError(refusal.error);
      setFieldErrors(refusal.fields);
      pendingFocus.current = refusal.fields;
    }
    setFlow(null);
  }

  if (flow)
    return (
      <Suspense fallback={verifyContact ? <p role="status">{LOADING}</p> : <StageFallback />}>
        <Steps {...props} flow={flow} entered={entered} wheelPath={wheelPath} onExit={exit} />
      </Suspense>
    );

  return (
    <form ref={formRef} onSubmit={start} noValidate className="space-y-4" aria-labelledby="form-title">
      <h1 id="form-title" className="text-center text-2xl font-extrabold text-gray-900">
        {wheelName}
      </h1>
      <p className="text-center text-sm text-gray-700">Preencha seus dados para {gameAction} e ganhar um prêmio.</p>
      {lastPrize && !kiosk && (
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

/** The stage's box while the steps' code arrives (the stage's own StageBox, inlined: it is not loaded yet). */
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
