// The public wheel: rendered on the server (search engines, fast first paint on phones) with
// the play steps as a small client island. ?embed=1 drops the page chrome for iframes.
// The campaign's states (not started, ended, today's prizes gone) are decided here, not in the island.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PUBLIC_FORM_SCRIPT } from "@/lib/public-page/form-script";
import { Play } from "@/components/public-wheel/play";
import { playPropsOf } from "@/components/public-wheel/play-props";
import { DEFAULT_THEME } from "@/lib/campaigns/dto";
import { spDateTimeText } from "@/lib/dates/sao-paulo-day";
import { attributionFrom, type Attribution } from "@/lib/sources/attribution";
import { playState } from "@/components/public-wheel/play-state";
import type { PublicWheelView } from "@/lib/spins/public-view";
import { publicWheelPageView as load } from "@/lib/spins/public-wheel-page";
import { PUBLIC_MESSAGES as M } from "@/lib/copy/public-rules";
import { redirectIfMoved } from "@/lib/wheels/moved";
import { isUuid } from "@/lib/validation/uuid";
import { brandPalette } from "@/lib/wheels/slice-colors";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ companySlug: string; slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { companySlug, slug } = await params;
  const view = await load(companySlug, slug);
  if (!view) return { title: M.notFound, robots: { index: false } };
  const title = `${view.wheel.name} — ${view.wheel.company_name}`;
  const description = `Participe da roleta de prêmios ${view.wheel.name} de ${view.wheel.company_name}: preencha seus dados, gire e ganhe.`;
  return {
    title: { absolute: title },
    description,
    openGraph: { title, description, type: "website", locale: "pt_BR" },
  };
}

function Notice({
  emoji,
  title,
  text,
  children,
}: {
  emoji: string;
  title: string;
  text: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="text-center">
      <p className="text-5xl" aria-hidden>
        {emoji}
      </p>
      <h1 className="mt-2 text-2xl font-extrabold text-gray-900">{title}</h1>
      <p className="mt-2 text-gray-700">{text}</p>
      {children}
    </section>
  );
}

/** What the visitor meets: the play steps, or why there is nothing to play now. */
function Body({
  view,
  companySlug,
  attribution,
  screen,
}: {
  view: PublicWheelView;
  companySlug: string;
  attribution: Attribution;
  /** The big screen whose QR the visitor scanned (?tela=): the spin is shown on it too. */
  screen?: string;
}) {
  const { wheel } = view;
  const state = playState(view);
  if (state === "scheduled")
    return (
      <Notice
        emoji="⏳"
        title={wheel.name}
        text={`${M.notStarted} Ela começa em ${spDateTimeText(new Date(wheel.starts_at!))}.`}
      />
    );
  if (state === "ended") return <Notice emoji="🏁" title={wheel.name} text={M.ended} />;
  if (state === "sold_out")
    return (
      <Notice emoji="🎁" title={M.soldOut} text={M.soldOutText}>
        <p className="mt-4 rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900">{M.noPrizes}</p>
      </Notice>
    );
  if (state === "sold_out_today") return <Notice emoji="🌙" title={wheel.name} text={M.soldOutToday} />;
  return (
    <>
      <Play {...playPropsOf(view, companySlug, attribution)} screen={screen} />
      {/* Right after the form: it makes the form work before React has it (a slow phone's seconds).
          Allowed by its hash in the page's CSP (lib/security/headers.ts), not by the request's nonce. */}
      <script dangerouslySetInnerHTML={{ __html: PUBLIC_FORM_SCRIPT }} />
    </>
  );
}

export default async function PublicWheelPage({ params, searchParams }: Props) {
  const { companySlug, slug } = await params;
  const search = await searchParams;
  const embed = search.embed === "1";
  const view = await load(companySlug, slug);
  if (!view) {
    // A printed QR code with a former company or wheel slug: 308 to the current address.
    await redirectIfMoved(companySlug, slug, "", search);
    notFound();
  }

  const tela = typeof search.tela === "string" && isUuid(search.tela) ? search.tela : undefined;
  const body = <Body view={view} companySlug={companySlug} attribution={attributionFrom(search)} screen={tela} />;
  // The shop's colour on the whole page (buttons, background, links), kept readable.
  const brand = (brandPalette(view.wheel.theme.primary_color, DEFAULT_THEME.primary_color) ?? undefined) as
    React.CSSProperties | undefined;
  const legal = (
    <p className="mt-3 space-x-2 text-center text-xs">
      {view.wheel.authorization_number && (
        <span>Certificado de Autorização SPA/MF nº {view.wheel.authorization_number}</span>
      )}
      <a href={view.wheel.rules_url} className="inline-flex min-h-6 items-center font-semibold underline">
        Regulamento
      </a>
    </p>
  );
  // In the embed's popup the loader's close button (44 px at the top right) sits over the frame:
  // headings keep clear of it on both sides, so they stay centred.
  if (embed)
    return (
      <main className="mx-auto max-w-md p-4 text-gray-700 [&_h1]:px-9 [&_h2]:px-9" style={brand}>
        {body}
        {legal}
      </main>
    );
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-700 to-brand-800 px-4 py-6" style={brand}>
      <header className="mb-4 text-center text-sm font-semibold text-brand-100">
        {view.wheel.theme.logo_url && (
          // eslint-disable-next-line @next/next/no-img-element -- the shop's uploaded logo, any host
          <img
            src={view.wheel.theme.logo_url}
            alt=""
            width={64}
            height={64}
            className="mx-auto mb-2 h-16 w-16 rounded-full bg-white object-contain"
          />
        )}
        {view.wheel.company_name}
      </header>
      <main className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">{body}</main>
      <footer className="mt-4 text-center text-xs text-brand-100">
        {legal}
        <p className="mt-3">{view.wheel.name} · Roleta Premiada</p>
      </footer>
    </div>
  );
}
