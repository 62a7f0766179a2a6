// The claim page of a won prize (docs/api.md "The prize is never lost (issue 13)"): what the visitor shows at the
// counter, reachable again from the WhatsApp hand-off or "Ver meu prêmio". Never indexed: it is one
// person's prize. The QR code holds the redemption code for the counter's scanner (/admin/resgatar).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { shortDate, shortDateTime } from "@/lib/dates/format";
import { claimView, type ClaimView } from "@/lib/redemption/claim";
import { waLink } from "@/lib/redemption/hand-off";
import { REDEMPTION_LABELS } from "@/lib/spins/validity";
import { redirectIfMoved } from "@/lib/wheels/moved";
import { MESSAGE_STATUS_TEXT } from "@/lib/copy/whatsapp";
import { CopyCode } from "@/components/public-wheel/copy-code";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ companySlug: string; slug: string; code: string }>;
  searchParams?: Promise<Record<string, string | string[] | undefined>>;
};

const load = cache((companySlug: string, slug: string, code: string) => claimView(companySlug, slug, code));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { companySlug, slug, code } = await params;
  const view = await load(companySlug, slug, code);
  return {
    title: { absolute: view ? `Meu prêmio — ${view.wheel.name} — ${view.company.name}` : "Prêmio não encontrado" },
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}

const STATE_STYLE: Record<ClaimView["status"], string> = {
  pending: "bg-green-50 text-green-900",
  redeemed: "bg-gray-100 text-gray-800",
  expired: "bg-red-50 text-red-800",
  none: "bg-gray-100 text-gray-800",
};

function stateText(v: ClaimView) {
  if (v.status === "redeemed")
    return v.redeemed_at ? `Prêmio entregue em ${shortDateTime(v.redeemed_at)}.` : "Prêmio entregue.";
  if (v.status === "expired") return `Este código expirou em ${shortDate(v.redeem_until!)}.`;
  // An online coupon is used in the shop's cart (issue 38).
  if (v.online)
    return v.redeem_until
      ? `Use até ${shortDate(v.redeem_until)}. Use o cupom na loja online.`
      : "Use o cupom na loja online ao finalizar a compra.";
  return v.redeem_until
    ? `Retire até ${shortDate(v.redeem_until)}. Mostre esta tela no balcão.`
    : "Mostre esta tela no balcão para retirar o seu prêmio.";
}

export default async function ClaimPage({ params, searchParams }: Props) {
  const { companySlug, slug, code } = await params;
  const v = await load(companySlug, slug, code);
  if (!v) {
    await redirectIfMoved(companySlug, slug, `/premio/${encodeURIComponent(code)}`, await searchParams);
    notFound();
  }
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-700 to-brand-800 px-4 py-6">
      <header className="mb-4 text-center text-sm font-semibold text-brand-100">{v.company.name}</header>
      <main className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-xl">
        <h1 className="text-2xl font-extrabold text-gray-900">Olá, {v.first_name}!</h1>
        <p className="mt-1 text-sm text-gray-700">Seu prêmio na {v.wheel.name}:</p>
        <p className="mt-2 text-2xl font-bold text-brand-700" data-testid="claim-prize">
          {v.prize.name}
        </p>
        {v.prize.image_url && (
          // eslint-disable-next-line @next/next/no-img-element -- uploaded images of any host
          <img src={v.prize.image_url} alt={v.prize.name} className="mx-auto mt-4 h-32 w-32 rounded-xl object-cover" />
        )}
        <p className={`mt-4 rounded-lg p-3 text-sm font-semibold ${STATE_STYLE[v.status]}`} data-testid="claim-state">
          {REDEMPTION_LABELS[v.status]} · {stateText(v)}
        </p>
        <figure className="mx-auto mt-4 w-56">
          <div
            role="img"
            aria-label={`QR code do código de resgate ${v.code}`}
            className="rounded-lg border border-gray-200 p-2 [&_svg]:h-auto [&_svg]:w-full"
            // The SVG is generated on this server by the qrcode package from the code alone.
            dangerouslySetInnerHTML={{ __html: v.qr_svg }}
          />
          <figcaption className="mt-2">
            <span className="block text-sm text-gray-700">Código de resgate</span>
            <span className="font-mono text-3xl font-extrabold tracking-widest text-gray-900" data-testid="claim-code">
              {v.code}
            </span>
          </figcaption>
        </figure>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-left text-sm">
          <dt className="text-gray-600">WhatsApp</dt>
          <dd className="font-medium text-gray-900" data-testid="claim-whatsapp">
            {v.whatsapp_masked}
          </dd>
          {v.message_status && (
            <>
              <dt className="text-gray-600">Prêmio no WhatsApp</dt>
              <dd className="font-medium text-gray-900" data-testid="claim-message">
                {MESSAGE_STATUS_TEXT[v.message_status] ?? v.message_status}
              </dd>
            </>
          )}
          {v.cpf_masked && (
            <>
              <dt className="text-gray-600">CPF</dt>
              <dd className="font-medium text-gray-900" data-testid="claim-cpf">
                {v.cpf_masked}
              </dd>
            </>
          )}
          <dt className="text-gray-600">Participação</dt>
          <dd className="font-medium text-gray-900">{shortDateTime(v.created_at)}</dd>
          <dt className="text-gray-600">Validade</dt>
          <dd className="font-medium text-gray-900">{v.redeem_until ? shortDate(v.redeem_until) : "Sem prazo"}</dd>
        </dl>
        {v.coupon_url && v.status === "pending" && (
          <a
            href={v.coupon_url}
            className="mt-6 block w-full rounded-xl bg-brand-600 px-4 py-3 font-bold text-white hover:bg-brand-700"
          >
            Usar meu cupom
          </a>
        )}
        {!v.coupon_url && v.coupon_hint && v.status === "pending" && (
          <div className="mt-6">
            <CopyCode
              code={v.code}
              hint={v.coupon_hint}
              className="block w-full rounded-xl bg-brand-600 px-4 py-3 font-bold text-white hover:bg-brand-700"
            />
          </div>
        )}
        {v.company.phone && (
          <a
            href={waLink(v.company.phone)}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-6 block w-full rounded-xl border-2 border-green-700 px-4 py-3 font-bold text-green-800 hover:bg-green-50"
          >
            Falar com a loja
          </a>
        )}
      </main>
    </div>
  );
}
