// The public wheel: rendered on the server (search engines, fast first paint on phones) with
// the play steps as a small client island. ?embed=1 drops the page chrome for iframes.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Play } from "@/components/public-wheel/play";
import { AppError } from "@/lib/http/errors";
import { publicWheelView } from "@/lib/spins/public-wheel";
import { PUBLIC_MESSAGES as M, todayIso } from "@/lib/validation/public-rules";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ companySlug: string; slug: string }>; searchParams: Promise<{ embed?: string }> };

const load = cache(async (companySlug: string, slug: string) => {
  try {
    return await publicWheelView(companySlug, slug);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { companySlug, slug } = await params;
  const view = await load(companySlug, slug);
  if (!view) return { title: M.notFound, robots: { index: false } };
  const title = `${view.wheel.name} — ${view.wheel.company_name}`;
  const description = `Participe da roleta de prêmios ${view.wheel.name} de ${view.wheel.company_name}: preencha seus dados, gire e ganhe.`;
  return { title: { absolute: title }, description, openGraph: { title, description, type: "website", locale: "pt_BR" } };
}

export default async function PublicWheelPage({ params, searchParams }: Props) {
  const { companySlug, slug } = await params;
  const embed = (await searchParams).embed === "1";
  const view = await load(companySlug, slug);
  if (!view) notFound();

  const body = view.stats.has_available_prizes ? (
    <Play
      companySlug={companySlug}
      wheelSlug={view.wheel.slug}
      wheelName={view.wheel.name}
      totalSpins={view.wheel.total_spins}
      maxBirthdate={todayIso()}
      products={view.products}
    />
  ) : (
    <section className="text-center">
      <p className="text-5xl" aria-hidden>🎁</p>
      <h1 className="mt-2 text-2xl font-extrabold text-gray-900">{M.soldOut}</h1>
      <p className="mt-2 text-gray-700">{M.soldOutText}</p>
      <p className="mt-4 rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900">{M.noPrizes}</p>
    </section>
  );

  if (embed) return <main className="mx-auto max-w-md p-4">{body}</main>;
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-700 to-brand-800 px-4 py-6">
      <header className="mb-4 text-center text-sm font-semibold text-brand-100">{view.wheel.company_name}</header>
      <main className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">{body}</main>
      <footer className="mt-6 text-center text-xs text-brand-100">{view.wheel.name} · Roleta Premiada</footer>
    </div>
  );
}
