// Renders an App Router page the way Next answers a GET of it: a redirect() or permanentRedirect()
// becomes its status and Location, notFound() a 404, anything else the page's HTML.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  getAccessFallbackHTTPStatus,
  isHTTPAccessFallbackError,
} from "next/dist/client/components/http-access-fallback/http-access-fallback";
import { isRedirectError } from "next/dist/client/components/redirect-error";
import { getRedirectStatusCodeFromError, getURLFromRedirectError } from "next/dist/client/components/redirect";

type Page<P> = (props: {
  params: Promise<P>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) => Promise<ReactElement>;

export interface PageAnswer {
  status: number;
  location: string | null;
  html: string;
}

export async function getPage<P>(
  page: Page<P>,
  params: P,
  searchParams: Record<string, string> = {},
): Promise<PageAnswer> {
  try {
    const element = await page({ params: Promise.resolve(params), searchParams: Promise.resolve(searchParams) });
    return { status: 200, location: null, html: renderToStaticMarkup(element) };
  } catch (err) {
    if (isRedirectError(err))
      return { status: getRedirectStatusCodeFromError(err), location: getURLFromRedirectError(err), html: "" };
    if (isHTTPAccessFallbackError(err)) return { status: getAccessFallbackHTTPStatus(err), location: null, html: "" };
    throw err;
  }
}
