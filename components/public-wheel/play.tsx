"use client";
// The play steps (form -> wheel -> result). The server draws; the animation only shows it:
// GIRAR calls spin first, then the wheel turns 4 s to the drawn segment, then the result.
import { useEffect, useMemo, useState } from "react";
import { TIME_ZONE } from "@/lib/dates/zone";
import { api, errorText } from "@/lib/http/client";
import { NO_PRIZE } from "@/lib/spins/no-prize";
import type { Attribution } from "@/lib/sources/attribution";
import type { SpinAnswer } from "@/lib/spins/spin";
import { formatWhatsapp, normalizeWhatsapp } from "@/lib/spins/whatsapp";
// The zod-free rules, not the zod schema: zod would weigh on every visitor's phone.
import { PUBLIC_MESSAGES as M, spinFormErrors } from "@/lib/validation/public-rules";
import type { Slice } from "./slices";
import { buildSegments, rotationFor, WheelSvg } from "./wheel-svg";

interface Props {
  companySlug: string;
  wheelSlug: string;
  wheelName: string;
  totalSpins: number;
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
}

const SP_TIME = { timeZone: TIME_ZONE } as const;

const SPIN_MS = 4000;
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
}: Props) {
  const [step, setStep] = useState<"form" | "wheel" | "result">("form");
  const [form, setForm] = useState({ name: "", whatsapp: "", birthdate: "", consent: false });
  const [error, setError] = useState("");
  const [spinning, setSpinning] = useState(false);
  const [rotation, setRotation] = useState(0);
  const [result, setResult] = useState<SpinAnswer | null>(null);
  const segments = useMemo(() => buildSegments(slices), [slices]);
  const source = attribution?.source;

  // One page view for the funnel: a beacon (no cookie, no personal data). A string body is sent as
  // text/plain, which every browser beacons without a preflight; the route reads it as JSON.
  useEffect(() => {
    const path = `/api/public/${encodeURIComponent(companySlug)}/wheels/${encodeURIComponent(wheelSlug)}/view`;
    navigator.sendBeacon?.(path, JSON.stringify({ source }));
  }, [companySlug, wheelSlug, source]);

  function start(e: React.FormEvent) {
    e.preventDefault();
    const [first] = Object.values(spinFormErrors(form));
    if (first) {
      setError(first);
      return;
    }
    setError("");
    setForm((f) => ({ ...f, whatsapp: normalizeWhatsapp(f.whatsapp) }));
    setStep("wheel");
  }

  async function spin() {
    setSpinning(true);
    try {
      const res = await api<SpinAnswer>(
        `/public/${encodeURIComponent(companySlug)}/wheels/${encodeURIComponent(wheelSlug)}/spin`,
        {
          method: "POST",
          body: {
            name: form.name,
            whatsapp: form.whatsapp,
            birthdate: form.birthdate || undefined,
            consent: form.consent,
            ...attribution,
          },
        },
      );
      setRotation((r) => rotationFor(segments, res.prize?.id ?? NO_PRIZE, r, Math.random()));
      await new Promise((r) => setTimeout(r, SPIN_MS));
      setResult(res);
      setStep("result");
    } catch (err) {
      setError(errorText(err, M.spinError));
      setStep("form");
    } finally {
      setSpinning(false);
    }
  }

  if (step === "result" && result) {
    const customer = (
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-left text-sm">
        <dt className="text-gray-600">Nome</dt>
        <dd className="font-medium text-gray-900">{result.customer.name}</dd>
        <dt className="text-gray-600">WhatsApp</dt>
        <dd className="font-medium text-gray-900">{formatWhatsapp(result.customer.whatsapp)}</dd>
        <dt className="text-gray-600">Horário</dt>
        <dd className="font-medium text-gray-900">
          {new Date(result.timestamp).toLocaleString("pt-BR", { ...SP_TIME, dateStyle: "short", timeStyle: "short" })}
        </dd>
      </dl>
    );
    if (!result.prize)
      return (
        <section aria-labelledby="result-title" className="text-center">
          <p className="text-5xl" aria-hidden>
            🍀
          </p>
          <h2 id="result-title" className="mt-2 text-2xl font-extrabold text-gray-900">
            {result.message}
          </h2>
          <p className="mt-3 text-gray-700">Obrigado pela participação!</p>
          {result.next_play_at && (
            <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
              Você pode jogar de novo a partir de {new Date(result.next_play_at).toLocaleDateString("pt-BR", SP_TIME)}.
            </p>
          )}
          {customer}
        </section>
      );
    return (
      <section aria-labelledby="result-title" className="text-center">
        <p className="text-5xl" aria-hidden>
          🎉
        </p>
        <h2 id="result-title" className="mt-2 text-2xl font-extrabold text-gray-900">
          {M.won}
        </h2>
        <p className="mt-4 text-sm text-gray-700">Seu prêmio:</p>
        <p className="text-2xl font-bold text-brand-700">{result.prize.name}</p>
        {result.prize.image_url && (
          // eslint-disable-next-line @next/next/no-img-element -- uploaded images of any host
          <img
            src={result.prize.image_url}
            alt={result.prize.name}
            className="mx-auto mt-4 h-40 w-40 rounded-xl object-cover"
          />
        )}
        <div className="mt-6 rounded-xl border-2 border-dashed border-brand-600 bg-brand-50 p-4">
          <p className="text-sm text-gray-700">Código de resgate</p>
          <p className="font-mono text-3xl font-extrabold tracking-widest text-gray-900" data-testid="redemption-code">
            {result.redemption_code}
          </p>
        </div>
        <p className="mt-4 rounded-lg bg-yellow-50 p-3 text-sm font-medium text-yellow-900">
          Mostre esta tela no balcão para retirar o seu prêmio.
        </p>
        {customer}
      </section>
    );
  }

  if (step === "wheel") {
    return (
      <section aria-labelledby="wheel-title" className="text-center">
        <h2 id="wheel-title" className="text-xl font-bold text-gray-900">
          Olá, {form.name.split(" ")[0]}! Boa sorte!
        </h2>
        <div className="my-6">
          <WheelSvg segments={segments} rotation={rotation} spinning={spinning} />
        </div>
        {sliceNote && <p className="-mt-2 mb-4 text-xs text-gray-600">{sliceNote}</p>}
        <button
          type="button"
          onClick={spin}
          disabled={spinning}
          className="w-full rounded-xl bg-brand-600 py-4 text-xl font-extrabold tracking-wide text-white shadow-lg hover:bg-brand-700 disabled:opacity-70"
        >
          {spinning ? "Girando..." : "GIRAR"}
        </button>
      </section>
    );
  }

  return (
    <form onSubmit={start} noValidate className="space-y-4" aria-labelledby="form-title">
      <h1 id="form-title" className="text-center text-2xl font-extrabold text-gray-900">
        {wheelName}
      </h1>
      <p className="text-center text-sm text-gray-700">Preencha seus dados para girar a roleta e ganhar um prêmio.</p>
      {error && (
        <p className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800" role="status">
          {error}
        </p>
      )}
      <div>
        <label htmlFor="play-name" className="mb-1 block text-sm font-medium text-gray-800">
          Nome completo
        </label>
        <input
          id="play-name"
          className={input}
          autoComplete="name"
          maxLength={255}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="play-whatsapp" className="mb-1 block text-sm font-medium text-gray-800">
          WhatsApp
        </label>
        <input
          id="play-whatsapp"
          className={input}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(11) 98765-4321"
          value={form.whatsapp}
          onChange={(e) => setForm({ ...form, whatsapp: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="play-birthdate" className="mb-1 block text-sm font-medium text-gray-800">
          Data de nascimento (opcional)
        </label>
        <input
          id="play-birthdate"
          className={input}
          type="date"
          max={maxBirthdate}
          aria-describedby="play-age-hint"
          value={form.birthdate}
          onChange={(e) => setForm({ ...form, birthdate: e.target.value })}
        />
        <p id="play-age-hint" className="mt-1 text-xs text-gray-600">
          {M.ageHint}
        </p>
      </div>
      <label className="flex items-start gap-3 text-sm text-gray-800">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0 accent-brand-600"
          checked={form.consent}
          onChange={(e) => setForm({ ...form, consent: e.target.checked })}
        />
        <span>
          Concordo que meus dados sejam usados exclusivamente para este sorteio, conforme a LGPD (Lei Geral de Proteção
          de Dados).
        </span>
      </label>
      <button
        type="submit"
        disabled={!form.consent}
        className="w-full rounded-xl bg-brand-600 py-3 text-lg font-bold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        Começar
      </button>
      <p className="text-center text-xs text-gray-600">
        {prizeCount} {prizeCount === 1 ? "prêmio disponível" : "prêmios disponíveis"} · {totalSpins}{" "}
        {totalSpins === 1 ? "giro realizado" : "giros realizados"}
      </p>
    </form>
  );
}
