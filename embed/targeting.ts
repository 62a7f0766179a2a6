// Who sees the wheel (docs/embed.md "Who sees it"): the snippet's
// targeting data-* read into rules, all of which must hold (AND; data-trigger stays OR). Exported for
// the experiments' arms too: they are the same data-* on the same snippet. Everything here reads the
// shop's own first-party storage (safe-storage: blocked storage reads as empty) and, for a minimum
// cart, the platform's own storefront cart; no request to us. Bundled into /embed.js by esbuild.
import { storageGet, storageSet } from "@/lib/ui/safe-storage";

export interface Rules {
  /** new: no earlier visit on this browser; returning: at least one. */
  visitor?: string;
  /** utm_source/utm_medium/utm_campaign → patterns (comma-separated, * for any text). */
  utm: [string, string][];
  /** Patterns for the host of the site that brought the visit (its first page's referrer). */
  referrer?: string;
  /** The cart's value at least this (reais). */
  minCart?: number;
  /** Where the cart's value is read: shopify · woocommerce · page (data-cart-value); default by the page. */
  cart?: string;
  /** At least this many pages seen in this visit, this one included. */
  pagesSeen?: number;
  /** mobile (a touch screen) · desktop. */
  device?: string;
  /** won · bought: not to a browser that already won a prize or bought (comma-separated). */
  exclude: string[];
}

/** One visit of this browser to the shop (key roleta:visit): a gap of 30 minutes starts another. */
export interface Visit {
  /** First seen (ms), this visit's start, last page view, pages seen in this visit. */
  f: number;
  s: number;
  l: number;
  n: number;
  /** The visit's UTM parameters and the referrer's host, as its first page had them. */
  u: Record<string, string>;
  r: string;
}

/** Per company (key roleta:{company}): when this browser last won a prize and last bought. */
export interface Marks {
  w?: number;
  b?: number;
}

const VISIT_KEY = "roleta:visit";
const VISIT_GAP = 30 * 60_000;
const UTM = ["utm_source", "utm_medium", "utm_campaign"];
// Order confirmation pages where the snippet runs (Shopify's legacy order status, WooCommerce, Nuvemshop).
const ORDER_PAGE = /\/(thank_you|order-received|orders\/[0-9a-f]{16,})|\/checkout\/(v3\/)?success/i;

/** The rules of a snippet's data-*, or null when it sets none. */
export function rulesOf(data: DOMStringMap): Rules | null {
  const num = (v?: string) =>
    v && Number.isFinite(Number(v.replace(",", "."))) ? Number(v.replace(",", ".")) : undefined;
  const r: Rules = {
    visitor: data.visitor,
    utm: UTM.flatMap((k) => {
      const v = data[`utm${k[4].toUpperCase()}${k.slice(5)}`];
      return v ? [[k, v] as [string, string]] : [];
    }),
    referrer: data.referrer,
    minCart: num(data.minCart),
    cart: data.cart,
    pagesSeen: num(data.pagesSeen),
    device: data.device,
    exclude: (data.exclude ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  };
  return r.visitor || r.utm.length || r.referrer || r.minCart || r.pagesSeen || r.device || r.exclude.length ? r : null;
}

/** Whether a value matches one of comma-separated patterns (* for any text), ignoring case. */
export function matchesPattern(patterns: string, value: string): boolean {
  return patterns.split(",").some((p) => {
    const re = p
      .trim()
      .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*");
    return !!re && new RegExp(`^${re}$`, "i").test(value);
  });
}

const readJson = <T>(key: string): T | null => {
  try {
    return JSON.parse(storageGet(key) ?? "null") as T | null;
  } catch {
    return null;
  }
};

/** The visit after this page view: a new one past the gap, or on a page that brings other UTMs. */
export function nextVisit(prev: Visit | null, now: number, search: string, referrer: string, host: string): Visit {
  const q = new URLSearchParams(search);
  const u: Record<string, string> = {};
  for (const k of UTM) if (q.get(k)) u[k] = q.get(k)!;
  let r = "";
  try {
    r = referrer ? new URL(referrer).hostname : "";
  } catch {
    /* not a URL */
  }
  const external = r && r !== host ? r : "";
  if (!prev || now - prev.l > VISIT_GAP || (Object.keys(u).length && JSON.stringify(u) !== JSON.stringify(prev.u)))
    return { f: prev?.f ?? now, s: now, l: now, n: 1, u, r: external };
  return { ...prev, l: now, n: prev.n + 1, r: prev.r || external };
}

let visit: Visit | null = null;

/** Counts this page view once (at idle time, or when a rule first needs it). */
export function noteVisit(): Visit {
  if (visit) return visit;
  const now = Date.now();
  visit = nextVisit(readJson<Visit>(VISIT_KEY), now, location.search, document.referrer, location.hostname);
  storageSet(VISIT_KEY, JSON.stringify(visit));
  return visit;
}

/** On an order confirmation page where the snippet runs, notes the purchase (no storage read elsewhere). */
export function noteOrderPage(company: string) {
  if (ORDER_PAGE.test(location.pathname)) mark(company, "b");
}

export const marksOf = (company: string) => readJson<Marks>(`roleta:${company}`) ?? {};

/** Notes a win (w) or a purchase (b) on this browser, for "not to those who already won or bought". */
export function mark(company: string, what: keyof Marks) {
  storageSet(`roleta:${company}`, JSON.stringify({ ...marksOf(company), [what]: Date.now() }));
}

/** The cart's value in reais from the platform's storefront, or null when it cannot be read. */
async function cartValue(platform: string | undefined, pageValue: string | undefined): Promise<number | null> {
  const w = window as unknown as { Shopify?: unknown };
  const p = platform || (w.Shopify ? "shopify" : pageValue !== undefined ? "page" : "woocommerce");
  try {
    if (p === "page") return pageValue ? Number(pageValue.replace(",", ".")) : null;
    if (p === "shopify") {
      const c = await (await fetch("/cart.js", { credentials: "same-origin" })).json();
      return Number(c.total_price) / 100;
    }
    if (p === "woocommerce") {
      const c = await (await fetch("/wp-json/wc/store/v1/cart", { credentials: "same-origin" })).json();
      return Number(c.totals.total_items) / 10 ** Number(c.totals.currency_minor_unit ?? 2);
    }
  } catch {
    /* no cart here */
  }
  return null;
}

/**
 * Whether this browser, on this page, is among those the rules choose. `data` is the snippet's
 * dataset (for data-cart-value, which a theme may write at render time); `won`: this wheel was won here.
 */
export async function targeted(rules: Rules, company: string, data: DOMStringMap, won = false): Promise<boolean> {
  const v = noteVisit();
  const marks = marksOf(company);
  if (rules.exclude.includes("won") && (won || marks.w)) return false;
  if (rules.exclude.includes("bought") && marks.b) return false;
  if (rules.visitor === "new" && v.f < v.s) return false;
  if (rules.visitor === "returning" && v.f === v.s) return false;
  if (rules.pagesSeen && v.n < rules.pagesSeen) return false;
  if (rules.device && (rules.device === "mobile") !== matchMedia("(pointer: coarse)").matches) return false;
  const q = new URLSearchParams(location.search);
  for (const [k, patterns] of rules.utm) if (!matchesPattern(patterns, q.get(k) ?? v.u[k] ?? "")) return false;
  if (rules.referrer && !matchesPattern(rules.referrer, v.r)) return false;
  if (rules.minCart) {
    const value = await cartValue(rules.cart, data.cartValue);
    if (value === null || !(value >= rules.minCart)) return false;
  }
  return true;
}
