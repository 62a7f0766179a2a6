// The embed's play page (docs/api.md "The online store: the embed (issue 25)"): the public wheel's play
// flow without the page chrome, inside the iframe the loader (/embed.js) opens on a shop's site.
// It renders the public wheel page in its chrome-less form and adds the bridge that talks to the
// loader. Links open outside the frame (<base target="_blank">): the claim and rules pages may not
// be framed. Who may frame this page is proxy.ts's business (frame-ancestors from embed_origins);
// a framing site that list refuses is recorded for the shop to see (lib/embed/refused-origins.ts),
// and the bridge tells the loader when there is nothing to play, so the popup stays closed.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { after } from "next/server";
import { EmbedBridge } from "@/components/embed/bridge";
import { playState } from "@/components/public-wheel/play-state";
import { embedWheel } from "@/lib/embed/frame-ancestors";
import { framingOrigin, recordRefusedOrigin } from "@/lib/embed/refused-origins";
import { publicWheelPageView } from "@/lib/spins/public-wheel-page";
import PublicWheelPage, { generateMetadata as wheelMetadata } from "@/app/w/[companySlug]/[slug]/page";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ companySlug: string; slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return { ...(await wheelMetadata({ params, searchParams })), robots: { index: false, follow: false } };
}

export default async function EmbedPage({ params, searchParams }: Props) {
  const { companySlug, slug } = await params;
  const search = { ...(await searchParams), embed: "1" };
  const [wheel, view, requestHeaders] = await Promise.all([
    embedWheel(companySlug, slug),
    publicWheelPageView(companySlug, slug),
    headers(),
  ]);
  // Another site's page framing this one (this site's own preview is not another site).
  const parent = framingOrigin(requestHeaders);
  if (wheel?.origins && parent && !wheel.origins.includes(parent)) {
    const wheelId = wheel.id;
    after(() => recordRefusedOrigin(wheelId, parent).catch(() => undefined));
  }
  const page = await PublicWheelPage({ params, searchParams: Promise.resolve(search) });
  return (
    <>
      <base target="_blank" />
      <EmbedBridge origins={wheel?.origins ?? null} playable={!!view && playState(view) === "open"} />
      {page}
    </>
  );
}
