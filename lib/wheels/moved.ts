// Old public addresses of a wheel (docs/decisions/security.md "Former slugs and the public contact"): when the company
// slug or the wheel slug is a former one, the page or public API call answers 308 to the same address under the current
// slugs (query kept). Asked only after the address found nothing, so the pages and the spin pay nothing on their
// current addresses.
import type { NextRequest } from "next/server";
import { permanentRedirect } from "next/navigation";
import { db } from "@/lib/db/client";
import { publicWheelPath } from "./public-url";

interface CurrentSlugs {
  companySlug: string;
  wheelSlug: string;
}

// Former slugs always have this form: anything else cannot have moved, and is not looked up.
const SLUG = /^[a-z0-9-]{1,50}$/;

/** The current slugs of an address that uses a former company or wheel slug; null when nothing moved. */
export async function movedWheelAddress(companySlug: string, wheelRef: string): Promise<CurrentSlugs | null> {
  if (!SLUG.test(companySlug) || !SLUG.test(wheelRef)) return null;
  const prisma = await db();
  const company =
    (await prisma.company.findUnique({ where: { slug: companySlug }, select: { id: true, slug: true } })) ??
    (
      await prisma.companyFormerSlug.findUnique({
        where: { slug: companySlug },
        select: { company: { select: { id: true, slug: true } } },
      })
    )?.company;
  if (!company) return null;
  const former = await prisma.wheelFormerSlug.findUnique({
    where: { companyId_slug: { companyId: company.id, slug: wheelRef } },
    select: { wheel: { select: { slug: true } } },
  });
  const to = { companySlug: company.slug, wheelSlug: former?.wheel.slug ?? wheelRef };
  return to.companySlug === companySlug && to.wheelSlug === wheelRef ? null : to;
}

function queryString(search: Record<string, string | string[] | undefined> = {}) {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(search))
    for (const v of [value].flat()) if (v !== undefined) q.append(key, v);
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** For a public page that found nothing: 308 to the same page (`rest` after the wheel) when it moved. */
export async function redirectIfMoved(
  companySlug: string,
  wheelRef: string,
  rest = "",
  search?: Record<string, string | string[] | undefined>,
) {
  const to = await movedWheelAddress(companySlug, wheelRef);
  if (to) permanentRedirect(`${publicWheelPath(to.companySlug, to.wheelSlug)}${rest}${queryString(search)}`);
}

/**
 * For the public wheel API (publicRoute's `moved`): /api/public/{company}/wheels/{wheel}/... under
 * the current slugs, query kept; null when nothing moved. Clients that follow the 308 repeat the
 * method and body, Idempotency-Key included.
 */
export const movedWheelApiPath = async (req: NextRequest, params: Record<string, string>): Promise<string | null> => {
  const segments = req.nextUrl.pathname.split("/");
  if (segments[1] !== "api" || segments[2] !== "public" || segments[4] !== "wheels") return null;
  const to = await movedWheelAddress(params.companySlug ?? "", params.wheel ?? "");
  if (!to) return null;
  segments[3] = encodeURIComponent(to.companySlug);
  segments[5] = encodeURIComponent(to.wheelSlug);
  return `${segments.join("/")}${req.nextUrl.search}`;
};
