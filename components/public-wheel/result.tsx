// The spin's result screen: the prize and its code (or the no-prize message), the hand-off to the
// visitor's own WhatsApp and to the shop, and the claim page's link. Announced to screen readers.
// On a totem (`kiosk`) the contact is masked and the hand-off is the kiosk's own (a QR of the claim
// page, a message our server sends): nothing that opens a tab or shows the number to the next person.
import { lazy, Suspense, useEffect, useRef } from "react";
import type { KioskHandOff } from "@/components/totem/prize-hand-off";
import { TIME_ZONE } from "@/lib/dates/zone";
import { PUBLIC_MESSAGES as M } from "@/lib/copy/public-rules";
import type { SpinAnswer } from "@/lib/spins/answer";
import { maskWhatsapp, prizeMessage, validityText, waLink } from "@/lib/redemption/hand-off";
import { formatPhone } from "@/lib/phone";
import { celebrate } from "./confetti";
import { CopyCode } from "./copy-code";

// Fetched (and preloaded by the totem) only on a totem: a phone's result never loads it.
const PrizeHandOff = lazy(() => import("@/components/totem/prize-hand-off").then((m) => ({ default: m.PrizeHandOff })));

const SP_TIME = { timeZone: TIME_ZONE } as const;
const linkButton =
  "block w-full rounded-xl px-4 py-3 text-center text-base font-bold focus:outline-none focus:ring-2 focus:ring-offset-2";

interface Props {
  result: SpinAnswer;
  wheelName: string;
  /** The shop's phone (digits), for "Falar com a loja"; null when the company has none. */
  companyPhone: string | null;
  /** On a totem: its token and API path, and whether the shop sends prizes by WhatsApp. */
  kiosk?: KioskHandOff;
}

/** The result's emoji and title; the title takes the focus, so screen readers read it out. */
function ResultHeading({
  emoji,
  title,
  children,
}: {
  emoji: string;
  title: React.RefObject<HTMLHeadingElement | null>;
  children: React.ReactNode;
}) {
  return (
    <>
      <p className="text-5xl" aria-hidden>
        {emoji}
      </p>
      <h2
        id="result-title"
        ref={title}
        tabIndex={-1}
        className="mt-2 text-2xl font-extrabold text-gray-900 outline-none"
      >
        {children}
      </h2>
    </>
  );
}

export function SpinResult({ result, wheelName, companyPhone, kiosk }: Props) {
  const won = !!result.prize;
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Focus moves to the result's title, so screen readers read it out (a live region mounted
    // with its content is not announced by all of them; the section is no live region, or those
    // that do announce it would read the result twice).
    title.current?.focus();
    if (won) celebrate().catch(() => undefined); // decoration only: a failed load changes nothing
    // The embed page's bridge tells the shop's page (lib/embed/frame-script.ts).
    window.dispatchEvent(new CustomEvent("roleta:result", { detail: result }));
  }, [won, result]);
  const customer = (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-left text-sm">
      <dt className="text-gray-600">Nome</dt>
      <dd className="font-medium text-gray-900">{kiosk ? firstName(result.customer.name) : result.customer.name}</dd>
      <dt className="text-gray-600">WhatsApp</dt>
      <dd className="font-medium text-gray-900">
        {kiosk ? maskWhatsapp(result.customer.whatsapp) : formatPhone(result.customer.whatsapp)}
      </dd>
      <dt className="text-gray-600">Horário</dt>
      <dd className="font-medium text-gray-900">
        {new Date(result.timestamp).toLocaleString("pt-BR", { ...SP_TIME, dateStyle: "short", timeStyle: "short" })}
      </dd>
    </dl>
  );
  if (!result.prize || !result.redemption_code)
    return (
      <section aria-labelledby="result-title" className="text-center">
        <ResultHeading emoji="🍀" title={title}>
          {result.message}
        </ResultHeading>
        <p className="mt-3 text-gray-700">Obrigado pela participação!</p>
        {result.next_play_at && (
          <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
            Você pode jogar de novo a partir de {new Date(result.next_play_at).toLocaleDateString("pt-BR", SP_TIME)}.
          </p>
        )}
        {customer}
      </section>
    );
  const validUntil = validityText(result.redeem_until);
  const claimUrl = result.claim_url ?? "";
  const message = prizeMessage({
    prize: result.prize.name,
    code: result.redemption_code,
    wheelName,
    validUntil,
    claimUrl: typeof window === "undefined" ? claimUrl : new URL(claimUrl, window.location.origin).href,
  });
  return (
    <section aria-labelledby="result-title" className="text-center">
      <ResultHeading emoji="🎉" title={title}>
        {M.won}
      </ResultHeading>
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
        {validUntil && <p className="mt-1 text-sm font-medium text-gray-800">Válido até {validUntil}</p>}
      </div>
      <p className="mt-4 rounded-lg bg-yellow-50 p-3 text-sm font-medium text-yellow-900">
        {/* An online coupon goes to the shop's cart, not to a counter (issue 38). */}
        {result.coupon_url
          ? "Use o cupom na loja online: toque em “Usar meu cupom”."
          : result.coupon_hint
            ? "Use o cupom na loja online ao finalizar a compra."
            : "Mostre esta tela no balcão para retirar o seu prêmio."}
      </p>
      {kiosk ? (
        <Suspense fallback={null}>
          <PrizeHandOff
            {...kiosk}
            code={result.redemption_code}
            claimPath={claimUrl}
            maskedWhatsapp={maskWhatsapp(result.customer.whatsapp)}
          />
        </Suspense>
      ) : (
        <div className="mt-4 space-y-2">
          {result.coupon_url && (
            // The shop's cart: out of the embed's frame, in the shop's own window.
            <a
              href={result.coupon_url}
              target="_top"
              className={`${linkButton} bg-brand-600 text-white hover:bg-brand-700 focus:ring-brand-600`}
            >
              Usar meu cupom
            </a>
          )}
          {!result.coupon_url && result.coupon_hint && (
            <CopyCode
              code={result.redemption_code}
              hint={result.coupon_hint}
              className={`${linkButton} bg-brand-600 text-white hover:bg-brand-700 focus:ring-brand-600`}
            />
          )}
          <a
            href={waLink(result.customer.whatsapp, message)}
            target="_blank"
            rel="noopener noreferrer"
            className={`${linkButton} bg-green-700 text-white hover:bg-green-800 focus:ring-green-700`}
          >
            Enviar para o meu WhatsApp
          </a>
          {companyPhone && (
            <a
              href={waLink(companyPhone)}
              target="_blank"
              rel="noopener noreferrer"
              className={`${linkButton} border-2 border-green-700 text-green-800 hover:bg-green-50 focus:ring-green-700`}
            >
              Falar com a loja
            </a>
          )}
          {claimUrl && (
            <a href={claimUrl} className="block min-h-11 py-3 text-sm font-semibold text-brand-700 underline">
              Ver meu prêmio
            </a>
          )}
        </div>
      )}
      {customer}
    </section>
  );
}

/** The first word of a name: what a totem shows of its winner. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";
