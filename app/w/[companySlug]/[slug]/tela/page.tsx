// The big screen (docs/totem.md): the wheel and a QR code of the public page with ?tela={id}; the
// visitors' spins arrive as server-sent events. The link's token (?d=) must be an unrevoked screen
// of this wheel; anything else is a 404 that says so.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { buildSegments } from "@/components/public-wheel/segments";
import { wheelSlices } from "@/components/public-wheel/slices";
import { BigScreen } from "@/components/totem/big-screen";
import { DEFAULT_THEME } from "@/lib/campaigns/dto";
import { devicePage } from "@/lib/devices/page";
import { publicWheelPageView as load } from "@/lib/spins/public-wheel-page";
import { qrDataUrl } from "@/lib/wheels/qr";
import { publicWheelUrl } from "@/lib/wheels/public-url";
import { brandPalette } from "@/lib/wheels/slice-colors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Tela da roleta", robots: { index: false } };

type Props = {
  params: Promise<{ companySlug: string; slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function ScreenPage({ params, searchParams }: Props) {
  const { companySlug, slug } = await params;
  const { d } = await searchParams;
  const view = await load(companySlug, slug);
  const device = view && (await devicePage(companySlug, slug, d, "screen"));
  if (!view || !device) notFound();
  const brand = (brandPalette(view.wheel.theme.primary_color, DEFAULT_THEME.primary_color) ?? undefined) as
    React.CSSProperties | undefined;
  const playUrl = `${publicWheelUrl(companySlug, view.wheel.slug)}?tela=${device.id}`;
  const eventsUrl = `/api/public/${encodeURIComponent(companySlug)}/wheels/${encodeURIComponent(view.wheel.slug)}/screens/${device.id}/events?d=${encodeURIComponent(device.token)}`;
  return (
    <div style={brand}>
      <BigScreen
        segments={buildSegments(wheelSlices(view).slices)}
        eventsUrl={eventsUrl}
        qr={await qrDataUrl(playUrl, 560)}
        playUrl={playUrl}
        wheelName={view.wheel.name}
        companyName={view.wheel.company_name}
        noPrizeLabel={view.no_prize?.label ?? "Não foi dessa vez"}
      />
    </div>
  );
}
