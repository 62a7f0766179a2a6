// The embed's play page (docs/api.md "The online store: the embed (issue 25)"): the public wheel's play
// flow without the page chrome, inside the iframe the loader (/embed.js) opens on a shop's site.
// It renders the public wheel page in its chrome-less form (whose own small script makes the form work
// before React has hydrated it) and adds the bridge that talks to the loader (lib/embed/frame-script.ts),
// so the popup opens on a usable form (docs/decisions/performance.md "The embed's
// form works before React (issue 43)"). Links open outside the frame (<base target="_blank">): the claim and rules pages may not
// be framed. Who may frame this page is proxy.ts's business (frame-ancestors from embed_origins);
// a framing site that list refuses is recorded for the shop to see (lib/embed/refused-origins.ts),
// and the script tells the loader when there is nothing to play, so the popup stays closed.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { after } from "next/server";
import { playState } from "@/components/public-wheel/play-state";
import { embedWheel } from "@/lib/embed/frame-ancestors";
import { embedFrameScript } from "@/lib/embed/frame-script";
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
  const script = embedFrameScript(wheel?.origins ?? null, !!view && playState(view) === "open");
  return (
    <>
      <base target="_blank" />
      {page}
      {/* After the wheel and its form's script (proxy.ts's CSP nonce lets it run). */}
      <script nonce={requestHeaders.get("x-nonce") ?? undefined} dangerouslySetInnerHTML={{ __html: script }} />
    </>
  );
}
