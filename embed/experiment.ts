// The loader's part in experiments (docs/embed.md "Experiments"; docs/api.md "Experiments (issue
// 52)"), kept apart from embed/loader.ts: its options read from its own src when the platform added
// it without data-* (Nuvemshop's Scripts API), the shop's first-party visitor id, the visitor's arm
// and exposure when the trigger fires, and the confirmation page's beacon.
// No dependency but safe-storage: bundled into /embed.js by scripts/build-embed.mjs.

import { storageGet, storageSet } from "@/lib/ui/safe-storage";

/** The loader's options: its data-* attributes, else its src's query (Nuvemshop appends query_params there). */
export function loaderOptions(src: string, dataset: DOMStringMap): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  try {
    new URL(src).searchParams.forEach((v, k) => {
      // frequency-days → frequencyDays, as the dataset names it.
      out[k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
    });
  } catch {
    /* no src: the attributes alone */
  }
  return { ...out, ...dataset };
}

const VISITOR = "roleta:visitor";
const VALID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The shop's visitor id, in the shop's own localStorage; made on first need when `make`. Null when
 * storage is blocked or refuses it: such a browser is in no experiment (an id that does not last
 * would count one person as many visitors).
 */
export function visitorId(make: boolean): string | null {
  const found = storageGet(VISITOR);
  if (found && VALID.test(found)) return found;
  if (!make) return null;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return storageSet(VISITOR, id) && storageGet(VISITOR) === id ? id : null;
}

/** Fire and forget; a text/plain body needs no CORS preflight (the public routes read JSON from any body). */
function beacon(url: string, body: Record<string, string>) {
  const text = JSON.stringify(body);
  try {
    if (navigator.sendBeacon?.(url, text)) return;
  } catch {
    /* refused: fetch below */
  }
  fetch(url, { method: "POST", body: text, keepalive: true, mode: "no-cors" }).catch(() => undefined);
}

export interface Arm {
  /** The arm's wheel slug; null in the holdout (nobody sees a wheel). */
  wheel: string | null;
  visitor: string;
}

/**
 * At the trigger: the visitor's arm, and its exposure sent (in every arm alike, the holdout too, so
 * each arm counts its visitors the same way). Undefined when storage is blocked or the experiment
 * does not answer (draft, stopped, unknown, offline): then the loader plays its plain data-wheel.
 */
export async function armOf(app: string, company: string, key: string): Promise<Arm | undefined> {
  const visitor = visitorId(true);
  if (!visitor) return;
  const base = `${app}/api/public/${encodeURIComponent(company)}/experiments/${encodeURIComponent(key)}`;
  try {
    const res = await fetch(`${base}/assignment?visitor=${visitor}`, { credentials: "omit" });
    if (!res.ok) return;
    const a = (await res.json()) as { wheel: { slug: string } | null };
    beacon(`${base}/exposures`, { visitor });
    return { wheel: a.wheel?.slug ?? null, visitor };
  } catch {
    return;
  }
}

/**
 * The order confirmation page: which platform and order, or null elsewhere. WooCommerce's
 * order-received endpoint carries the order id in its path. Nuvemshop adds `LS.order` (id, number,
 * total...) to its `LS` object on the thank-you page only (its Script docs, "Thank you page":
 * TiendaNube/api-docs resources/script.md), where the app's script runs with `where: checkout`;
 * the checkout's success path is the fallback when a theme hides `LS`.
 */
export function confirmedOrder(): { platform: string; order_id: string } | null {
  const woo = /\/checkout\/order-received\/(\d+)\/?$/.exec(location.pathname);
  if (woo) return { platform: "woocommerce", order_id: woo[1] };
  const ls = (window as unknown as { LS?: { order?: { id?: unknown } } }).LS;
  const nuvem = /\/checkout\/v\d+\/success\/(\d+)/.exec(location.pathname);
  const id = ls?.order?.id ?? nuvem?.[1];
  return typeof id === "number" || (typeof id === "string" && /^\d{1,20}$/.test(id))
    ? { platform: "nuvemshop", order_id: String(id) }
    : null;
}

/**
 * On a confirmation page, a visitor with an id claims the order, once per order in this browser.
 * True there: a buyer who has just paid gets no popup (the loader stops).
 */
export function sendConversion(app: string, company: string): boolean {
  const order = confirmedOrder();
  const visitor = order && visitorId(false);
  const sent = order && `roleta:order:${order.platform}:${order.order_id}`;
  if (order && visitor && sent && !storageGet(sent)) {
    storageSet(sent, "1");
    beacon(`${app}/api/public/${encodeURIComponent(company)}/conversions`, { ...order, visitor });
  }
  return !!order;
}
