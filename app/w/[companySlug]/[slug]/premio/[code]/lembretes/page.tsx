// The visitor's opt-out of a prize's reminders (docs/api.md "Reminders before the prize expires"):
// linked from every reminder, no sign-in (the code is the key, as on the claim page), made for a
// phone. Never indexed: it is one person's prize.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { StopReminders } from "@/components/reminders/stop-reminders";
import { optOutView } from "@/lib/reminders/opt-out";
import { claimPath } from "@/lib/wheels/public-url";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ companySlug: string; slug: string; code: string }> };

const load = cache((companySlug: string, slug: string, code: string) => optOutView(companySlug, slug, code));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { companySlug, slug, code } = await params;
  const view = await load(companySlug, slug, code);
  return {
    title: { absolute: view ? `Lembretes do prêmio — ${view.company.name}` : "Prêmio não encontrado" },
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}

export default async function RemindersOptOutPage({ params }: Props) {
  const { companySlug, slug, code } = await params;
  const v = await load(companySlug, slug, code);
  if (!v) notFound();
  const apiPath = `/public/${encodeURIComponent(companySlug)}/wheels/${encodeURIComponent(v.wheel.slug)}/prizes/${encodeURIComponent(v.code)}/reminders`;
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-700 to-brand-800 px-4 py-6">
      <header className="mb-4 text-center text-sm font-semibold text-brand-100">{v.company.name}</header>
      <main className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-xl">
        <h1 className="text-2xl font-extrabold text-gray-900">Lembretes do seu prêmio</h1>
        <p className="mt-2 text-gray-700">
          Olá, {v.first_name}! Enviamos lembretes antes do seu prêmio <strong>{v.prize}</strong> vencer, para você não
          perdê-lo.
        </p>
        {v.over ? (
          <p className="mt-6 rounded-lg bg-gray-100 p-3 text-sm font-semibold text-gray-800">
            Este prêmio já foi entregue ou venceu: nenhum lembrete será enviado.
          </p>
        ) : (
          <>
            <p className="mt-2 text-sm text-gray-700">
              Não quer recebê-los? Toque no botão. O prêmio continua valendo.
            </p>
            <StopReminders path={apiPath} stopped={v.stopped} />
          </>
        )}
        <Link
          href={claimPath(companySlug, v.wheel.slug, v.code)}
          className="mt-6 block text-sm font-semibold text-brand-700 underline"
        >
          Ver meu prêmio
        </Link>
      </main>
    </div>
  );
}
