// The embed snippet's options (docs/api.md "The online store: the embed (issue 25)"), shared by the
// admin's wizard (which writes the snippet) and the preview page (which runs it). Browser-safe.

export const DISPLAYS = ["popup", "tab"] as const;
export type Display = (typeof DISPLAYS)[number];

export interface SnippetOptions {
  company: string;
  wheel: string;
  /** exit · delay:{s} · scroll:{percent} · click:{selector} · manual; empty: the loader's default. */
  trigger?: string;
  display?: Display;
  frequencyDays?: number;
  paths?: string;
  source?: string;
  targeting?: Targeting;
}

/**
 * Who sees the wheel (docs/embed.md "Who sees it"): every rule set must hold (AND). Written as the
 * snippet's data-* (embed/targeting.ts reads them); an experiment's arms use the same attributes.
 */
export interface Targeting {
  visitor?: "" | "new" | "returning";
  device?: "" | "mobile" | "desktop";
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  /** Patterns of the host of the site that brought the visit. */
  referrer?: string;
  /** The cart's value at least this, in reais ("150" or "99,90"). */
  minCart?: string;
  /** Where the loader reads the cart: shopify (/cart.js) · woocommerce (Store API) · page (data-cart-value). */
  cart?: "" | "shopify" | "woocommerce" | "page";
  /** At least this many pages seen in the visit. */
  pagesSeen?: string;
  excludeWon?: boolean;
  excludeBought?: boolean;
}

export const TARGETING_MESSAGES = {
  minCart: "Informe o valor mínimo do carrinho em reais, por exemplo 150 ou 99,90",
  pagesSeen: "Informe as páginas vistas com um número inteiro de 1 a 50",
  pattern: "Use só letras, números, pontos, hífens, sublinhados, * e vírgulas",
} as const;

const PATTERN = /^[\w.*\-, ]{1,200}$/;
const MONEY = /^\d{1,6}([.,]\d{1,2})?$/;

/** What is wrong with the targeting fields (the first, in pt-BR), or "" when they are fine. */
export function targetingError(t: Targeting = {}): string {
  if (t.minCart?.trim() && !MONEY.test(t.minCart.trim())) return TARGETING_MESSAGES.minCart;
  const pages = t.pagesSeen?.trim();
  if (pages && !(/^\d{1,2}$/.test(pages) && Number(pages) >= 1 && Number(pages) <= 50))
    return TARGETING_MESSAGES.pagesSeen;
  for (const v of [t.utmSource, t.utmMedium, t.utmCampaign, t.referrer])
    if (v?.trim() && !PATTERN.test(v.trim())) return TARGETING_MESSAGES.pattern;
  return "";
}

/** The targeting's data-* attributes, in a stable order, leaving out what is not set. */
export function targetingAttributes(t: Targeting = {}): [string, string][] {
  const attrs: [string, string][] = [];
  const add = (k: string, v?: string | false) => {
    const text = v ? v.trim() : "";
    if (text) attrs.push([k, text]);
  };
  add("data-visitor", t.visitor);
  add("data-device", t.device);
  add("data-utm-source", t.utmSource);
  add("data-utm-medium", t.utmMedium);
  add("data-utm-campaign", t.utmCampaign);
  add("data-referrer", t.referrer);
  const minCart = t.minCart?.trim().replace(",", ".");
  if (minCart && Number(minCart) > 0) {
    add("data-min-cart", String(Number(minCart)));
    add("data-cart", t.cart);
  }
  if (t.pagesSeen?.trim() && Number(t.pagesSeen) > 1) add("data-pages-seen", String(Number(t.pagesSeen)));
  add("data-exclude", [t.excludeWon && "won", t.excludeBought && "bought"].filter(Boolean).join(","));
  return attrs;
}

const list = (patterns: string) =>
  patterns
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .join(" ou ");

/** The targeting in plain pt-BR, one line a rule ([] : everyone). */
export function targetingSentences(t: Targeting = {}): string[] {
  const out: string[] = [];
  if (t.visitor === "new") out.push("Só quem visita a loja pela primeira vez neste navegador");
  if (t.visitor === "returning") out.push("Só quem já visitou a loja antes neste navegador");
  if (t.device === "mobile") out.push("Só no celular (telas de toque)");
  if (t.device === "desktop") out.push("Só no computador");
  for (const [name, v] of [
    ["utm_source", t.utmSource],
    ["utm_medium", t.utmMedium],
    ["utm_campaign", t.utmCampaign],
  ] as const)
    if (v?.trim()) out.push(`Só quem chegou por um link com ${name} ${list(v)}`);
  if (t.referrer?.trim()) out.push(`Só quem veio do site ${list(t.referrer)}`);
  const minCart = Number(t.minCart?.trim().replace(",", "."));
  if (minCart > 0) {
    const where = { shopify: " (Shopify)", woocommerce: " (WooCommerce)", page: " (valor informado na página)" }[
      t.cart || "shopify"
    ];
    out.push(
      `Só com o carrinho a partir de ${minCart.toLocaleString("pt-BR", { style: "currency", currency: "BRL" })}${t.cart ? where : ""}`,
    );
  }
  const pages = Number(t.pagesSeen);
  if (pages > 1) out.push(`Só a partir da ${pages}ª página vista na visita`);
  if (t.excludeWon) out.push("Não para quem já ganhou um prêmio neste navegador");
  if (t.excludeBought) out.push("Não para quem já comprou neste navegador");
  return out;
}

const SLUG = /^[a-z0-9-]{1,50}$/;
const TRIGGER = /^(exit|manual|delay:\d{1,4}|scroll:\d{1,3}|click:[^"<>\n]{1,200})$/;

/** Whether a trigger is one the loader knows. */
export const isTrigger = (value: string) => TRIGGER.test(value);

/**
 * The wizard's trigger choices. "auto" writes no data-trigger: the loader's default, the pointer
 * leaving the window with a mouse and 8 seconds on a touch screen. An explicit "exit" never opens on
 * a phone (issue 38).
 */
export type TriggerKind = "auto" | "exit" | "delay" | "scroll" | "click" | "manual";

/** A trigger's own field, as it starts when the trigger is chosen (never the previous trigger's). */
export const TRIGGER_PARAM_START: Partial<Record<TriggerKind, string>> = { delay: "8", scroll: "50", click: "" };

export const WIZARD_MESSAGES = {
  delay: "Informe os segundos com um número inteiro de 0 a 9999",
  scroll: "Informe a porcentagem com um número inteiro de 1 a 100",
  click: "Informe um seletor CSS válido, por exemplo #girar-roleta ou .botao-roleta",
  days: "Informe os dias com um número inteiro de 0 a 365",
} as const;

/** Whether the browser takes `value` as a CSS selector (the loader runs element.closest(value)). */
export function isCssSelector(value: string): boolean {
  try {
    document.createDocumentFragment().querySelector(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The data-trigger a wizard choice writes ("" for the loader's default), or what is wrong with its
 * field. `isSelector` checks a click's selector (the browser's parser in the wizard).
 */
export function wizardTrigger(
  kind: TriggerKind,
  param: string,
  isSelector: (value: string) => boolean,
): { trigger: string; error?: undefined } | { error: string; trigger?: undefined } {
  const text = param.trim();
  if (kind === "auto") return { trigger: "" };
  if (kind === "delay")
    return /^\d{1,4}$/.test(text) ? { trigger: `delay:${Number(text)}` } : { error: WIZARD_MESSAGES.delay };
  if (kind === "scroll") {
    const n = Number(text);
    return /^\d{1,3}$/.test(text) && n >= 1 && n <= 100
      ? { trigger: `scroll:${n}` }
      : { error: WIZARD_MESSAGES.scroll };
  }
  if (kind === "click")
    return text && isTrigger(`click:${text}`) && isSelector(text)
      ? { trigger: `click:${text}` }
      : { error: WIZARD_MESSAGES.click };
  return { trigger: kind };
}

/** The "show again after" days of the wizard: a whole number 0..365, or null. */
export function wizardDays(value: string): number | null {
  const text = value.trim();
  return /^\d{1,3}$/.test(text) && Number(text) <= 365 ? Number(text) : null;
}

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The data-* attributes of the snippet, in a stable order, leaving out defaults. */
export function snippetAttributes(o: SnippetOptions): [string, string][] {
  const attrs: [string, string][] = [
    ["data-company", o.company],
    ["data-wheel", o.wheel],
  ];
  if (o.trigger) attrs.push(["data-trigger", o.trigger]);
  if (o.display && o.display !== "popup") attrs.push(["data-display", o.display]);
  if (o.frequencyDays !== undefined && o.frequencyDays !== 7)
    attrs.push(["data-frequency-days", String(o.frequencyDays)]);
  if (o.paths?.trim()) attrs.push(["data-paths", o.paths.trim()]);
  if (o.source?.trim()) attrs.push(["data-source", o.source.trim()]);
  attrs.push(...targetingAttributes(o.targeting));
  return attrs;
}

export function snippet(appUrl: string, o: SnippetOptions): string {
  const attrs = snippetAttributes(o)
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join("");
  return `<script async src="${appUrl.replace(/\/$/, "")}/embed.js"${attrs}></script>`;
}

/** The preview page's options from its query, only values the loader accepts. */
export function previewOptions(q: Record<string, string | string[] | undefined>): SnippetOptions | null {
  const one = (k: string) => {
    const v = q[k];
    return (Array.isArray(v) ? v[0] : v)?.trim() ?? "";
  };
  const company = one("company");
  const wheel = one("wheel");
  if (!SLUG.test(company) || !SLUG.test(wheel)) return null;
  const trigger = one("trigger");
  const display = one("display");
  const source = one("source");
  return {
    company,
    wheel,
    trigger: isTrigger(trigger) ? trigger : "delay:1",
    display: display === "tab" ? "tab" : "popup",
    // The preview opens every time it loads.
    frequencyDays: 0,
    source: /^[A-Za-z0-9_-]{1,12}$/.test(source) ? source : undefined,
  };
}
