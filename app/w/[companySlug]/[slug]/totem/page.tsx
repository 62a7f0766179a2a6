// The totem (docs/totem.md): the wheel's play steps on a shared tablet, one person at a time. The
// link's token (?d=) must be an unrevoked totem of this wheel; anything else is a 404 that says so.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { playPropsOf } from "@/components/public-wheel/play-props";
import { playState } from "@/components/public-wheel/play-state";
import { Totem } from "@/components/totem/totem";
import { DEFAULT_THEME } from "@/lib/campaigns/dto";
import { PUBLIC_MESSAGES as M } from "@/lib/copy/public-rules";
import { kioskSendsWhatsapp } from "@/lib/spins/kiosk-prize";
import { devicePage } from "@/lib/devices/page";
import { publicWheelPageView as load } from "@/lib/spins/public-wheel-page";
import { brandPalette } from "@/lib/wheels/slice-colors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Totem", robots: { index: false } };

type Props = {
  params: Promise<{ companySlug: string; slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const CLOSED: Record<string, string> = {
  scheduled: M.notStarted,
  ended: M.ended,
  sold_out: M.soldOutText,
  sold_out_today: M.soldOutToday,
};

export default async function TotemPage({ params, searchParams }: Props) {
  const { companySlug, slug } = await params;
  const { d } = await searchParams;
  const view = await load(companySlug, slug);
  const device = view && (await devicePage(companySlug, slug, d, "totem"));
  if (!view || !device) notFound();
  const brand = (brandPalette(view.wheel.theme.primary_color, DEFAULT_THEME.primary_color) ?? undefined) as
    React.CSSProperties | undefined;
  const state = playState(view);
  if (state !== "open")
    return (
      <main className="flex min-h-screen flex-col items-center justify-center bg-gray-50 p-8 text-center" style={brand}>
        <h1 className="text-3xl font-extrabold text-gray-900">{view.wheel.name}</h1>
        <p className="mt-4 max-w-md text-xl text-gray-700">{CLOSED[state]}</p>
      </main>
    );
  return (
    <div style={brand}>
      <Totem
        play={playPropsOf(view, companySlug)}
        device={device.token}
        resetSeconds={device.resetSeconds}
        pinSet={device.pinSet}
        companyName={view.wheel.company_name}
        logoUrl={view.wheel.theme.logo_url}
        sendsWhatsapp={await kioskSendsWhatsapp(device.companyId)}
      />
    </div>
  );
}
