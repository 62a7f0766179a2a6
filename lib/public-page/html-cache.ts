// The public pages' HTML, shared for up to a second by everyone who opens the same address
// (docs/decisions/performance.md "The public page rendered once a second"). A shared link brings a
// crowd to one page, and rendering it costs Next ~6x the server CPU of a trivial route; the page is
// per wheel, not per visitor, so proxy.ts answers repeats from here. The first request of a second
// renders the page through this server (a "fill", single-flight per address) and its answer, with
// the CSP whose nonce its scripts carry, is served until it is a second old. An admin's change shows
// at once on the instance that wrote it (this instance's writes of the company forget its pages)
// and within the second elsewhere, as the spin's reused read (lib/spins/recent-wheels.ts). The
// totem, the big screen and the landing are shared the same way (WHEEL_PAGE below), and every
// shared render starts its scripts after the first paint (lib/public-page/scripts-after-paint.ts).
import { onWrite } from "@/lib/db/writes";
import { env } from "@/lib/env";
import { scriptsAfterPaint } from "@/lib/public-page/scripts-after-paint";

/** How long one render is served; PUBLIC_PAGE_CACHE_MS=0 turns the cache off. */
const ttlMs = () => env().PUBLIC_PAGE_CACHE_MS;
/**
 * Past this share of its second, a render is still served but the next one starts in the
 * background (refresh-ahead): a request never waits on the fill while a render is fresh, and no
 * render is served once a second old, so an edit elsewhere still shows within the second.
 */
const REFRESH_AHEAD = 0.75;
/** Addresses kept at once (a page per wheel and query string); the oldest go first. */
const MAX_ENTRIES = 500;
/** The fill's own request skips the cache; the header's value is this process's secret. */
export const FILL_HEADER = "x-public-page-fill";
/** Headers of the render that are the render's own, not the connection's or the request's. */
const DROPPED = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "date",
  "set-cookie",
  "x-request-id",
]);

interface Entry {
  at: number;
  body: Uint8Array;
  headers: [string, string][];
  companySlug: string;
  slug: string;
}

interface State {
  entries: Map<string, Entry>;
  fills: Map<string, Promise<Entry | null>>;
  /** The company of each rendered wheel address (`companySlug/slug`), as its render read it. */
  companies: Map<string, string>;
  token: string;
}

const KEY = Symbol.for("roleta.publicPageCache");
// One state per process: proxy.ts and the pages are separate bundles.
const g = globalThis as typeof globalThis & { [KEY]?: State };
const state = (g[KEY] ??= {
  entries: new Map(),
  fills: new Map(),
  companies: new Map(),
  token: crypto.randomUUID(),
});

/**
 * The shared pages: a wheel's page, its totem and its big screen (their device token is in the
 * query string, so in the key), and the landing, which belongs to no company and changes only with
 * a deploy (its address's company and wheel are empty).
 */
const WHEEL_PAGE = /^\/w\/([^/]+)\/([^/]+)(?:\/(?:totem|tela))?\/?$/;
const LANDING = { companySlug: "", slug: "" };

/** Whether a request is this process's own fill (its FILL_HEADER's value), not a visitor's. */
export function isPageFill(headerValue: string | null | undefined): boolean {
  return headerValue === state.token;
}

/** The wheel of a shared page's plain GET (see WHEEL_PAGE), or null for any other request. */
export function cacheablePage(
  method: string,
  pathname: string,
  search: URLSearchParams,
  headers: Headers,
): { companySlug: string; slug: string } | null {
  if (ttlMs() <= 0 || process.env.NODE_ENV !== "production" || method !== "GET") return null;
  const m = WHEEL_PAGE.exec(pathname);
  if (!m && pathname !== "/") return null;
  // Router navigations and prefetches ask for the RSC payload, not the HTML.
  if (headers.has("rsc") || headers.has("next-router-prefetch") || search.has("_rsc")) return null;
  if (isPageFill(headers.get(FILL_HEADER))) return null;
  return m ? { companySlug: m[1], slug: m[2] } : LANDING;
}

/** Called by the page's read: which company's writes must forget this address's renders. */
export function rememberPageCompany(companySlug: string, slug: string, companyId: string) {
  state.companies.set(`${companySlug}/${slug}`, companyId);
}

/** Forgets the renders of a company's pages (every page, for null). */
export function forgetPages(companyId: string | null) {
  for (const [key, entry] of state.entries)
    if (companyId === null || state.companies.get(`${entry.companySlug}/${entry.slug}`) === companyId)
      state.entries.delete(key);
}

onWrite((_model, companyId) => forgetPages(companyId));

/**
 * Where this server answers itself (next start and the standalone server set PORT);
 * PUBLIC_PAGE_CACHE_ORIGIN, for tests, names another.
 */
function selfOrigin(): string | null {
  if (process.env.PUBLIC_PAGE_CACHE_ORIGIN) return process.env.PUBLIC_PAGE_CACHE_ORIGIN;
  return process.env.PORT ? `http://127.0.0.1:${process.env.PORT}` : null;
}

async function fill(address: string, page: { companySlug: string; slug: string }): Promise<Entry | null> {
  const origin = selfOrigin();
  if (!origin) return null;
  const res = await fetch(`${origin}${address}`, {
    headers: { [FILL_HEADER]: state.token, accept: "text/html" },
    redirect: "manual",
  });
  // Only a whole page is shared: a redirect, a 404 or an error is rendered for each request.
  const html = res.headers.get("content-type")?.startsWith("text/html");
  // The body is read to its end either way: cancelling it inside proxy.ts left the request hanging.
  const raw = await res.text();
  if (res.status !== 200 || !html || res.headers.has("set-cookie")) return null;
  const body = new TextEncoder().encode(scriptsAfterPaint(raw));
  const entry: Entry = {
    at: Date.now(),
    body,
    headers: [...res.headers].filter(([k]) => !DROPPED.has(k.toLowerCase())),
    ...page,
  };
  state.entries.delete(address);
  if (state.entries.size >= MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!);
  state.entries.set(address, entry);
  return entry;
}

/** The address's fill in flight, or a new one (single-flight per address). */
function fillOnce(address: string, page: { companySlug: string; slug: string }): Promise<Entry | null> {
  let pending = state.fills.get(address);
  if (!pending) {
    pending = fill(address, page)
      .catch(() => null)
      .finally(() => state.fills.delete(address));
    state.fills.set(address, pending);
  }
  return pending;
}

/**
 * The page's answer from a render of the last second, or from a fill made now (shared by the
 * requests that arrive meanwhile). Null when the render was not a page to share (a redirect, a
 * 404) or this server cannot reach itself: the request is then rendered as usual.
 */
export async function cachedPage(
  address: string,
  page: { companySlug: string; slug: string },
  now = Date.now(),
): Promise<Response | null> {
  let entry: Entry | null | undefined = state.entries.get(address);
  const age = entry ? now - entry.at : -1;
  if (!entry || age >= ttlMs() || age < 0) entry = await fillOnce(address, page);
  else if (age >= ttlMs() * REFRESH_AHEAD) void fillOnce(address, page);
  if (!entry) return null;
  return new Response(entry.body.slice(), { status: 200, headers: entry.headers });
}
