// A wheel's embed settings (docs/api.md "The online store: the embed (issue 25)"): the origins allowed
// to frame /embed/{company}/{wheel} and the shop's coupon link template. Shared by the API and the
// admin's embed wizard; the origin rule is also what the embed page checks a parent against.
import { z } from "./z";

export const MAX_EMBED_ORIGINS = 20;
export const MAX_COUPON_URL = 500;
/** Where the redemption code goes in a coupon link template. */
export const COUPON_CODE_PLACEHOLDER = "{code}";

export const EMBED_MESSAGES = {
  origin: "Origem inválida: use https://dominio.com.br (com porta, se houver), sem caminho; http só para localhost",
  origins: `Informe no máximo ${MAX_EMBED_ORIGINS} origens`,
  couponUrl: "Link do cupom inválido: use um endereço https://, por exemplo https://loja.com.br/desconto/{code}",
  couponUrlLength: `O link do cupom deve ter no máximo ${MAX_COUPON_URL} caracteres`,
} as const;

const m = EMBED_MESSAGES;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** A DNS name as a CSP host-source takes it: labels of letters, digits and inner hyphens (IDNs in punycode). */
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * The origin a value names (`https://host[:port]`, or http on a loopback host for development),
 * lower-cased and without a default port; null when it is anything else: a path, a query, a
 * fragment, credentials, a wildcard or another scheme. The result is rebuilt from the parsed URL's
 * parts, and its host holds hostname characters only: URL parsing alone keeps `;`, `,` or quotes in
 * a host, which the CSP header would read as the end of frame-ancestors (issue 37 #10;
 * docs/decisions/embed.md "Allowed sites are rebuilt from their parts").
 */
export function normalizeOrigin(value: string): string | null {
  const text = value.trim();
  if (!/^https?:\/\/[^/?#\s]+\/?$/i.test(text) || text.includes("*")) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const loopback = LOOPBACK.has(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) return null;
  if (!loopback && !HOSTNAME.test(url.hostname)) return null;
  if (url.port && !(Number(url.port) >= 1 && Number(url.port) <= 65535)) return null;
  const origin = `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ""}`;
  return origin === url.origin ? origin : null;
}

/**
 * What the admin's box makes of a line: a bare host (`lojadapraia.com.br`) gets `https://`, and the
 * rest is the API's rule (normalizeOrigin). The API itself takes only full origins.
 */
export function originFromLine(line: string): string | null {
  const text = line.trim();
  return normalizeOrigin(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
}

/** A coupon link template: https (http on a loopback host), the code's place marked by {code}. */
export function isCouponUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.replaceAll(COUPON_CODE_PLACEHOLDER, "CODE"));
  } catch {
    return false;
  }
  if (url.username || url.password || !url.hostname) return false;
  return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(url.hostname));
}

/** The template with the code filled in (URL-encoded); the template as is when it has no {code}. */
export function couponLink(template: string, code: string): string {
  return template.replaceAll(COUPON_CODE_PLACEHOLDER, encodeURIComponent(code));
}

export const embedOriginsInput = z
  .array(z.string({ error: m.origin }), { error: m.origin })
  .max(MAX_EMBED_ORIGINS, m.origins)
  .transform((values, ctx) => {
    const origins: string[] = [];
    for (const [i, value] of values.entries()) {
      const origin = normalizeOrigin(value);
      if (!origin) {
        ctx.addIssue({ code: "custom", message: m.origin, path: [i] });
        return z.NEVER;
      }
      if (!origins.includes(origin)) origins.push(origin);
    }
    return origins;
  });

export const couponUrlInput = z
  .string({ error: m.couponUrl })
  .trim()
  .max(MAX_COUPON_URL, m.couponUrlLength)
  .refine((s) => !s || isCouponUrl(s), m.couponUrl)
  .transform((s) => s || null)
  .nullable();

/** The fields a wheel's create and update accept (both optional: left out, nothing changes). */
export const embedSettingsInput = z.object({
  embed_origins: embedOriginsInput.optional(),
  coupon_url: couponUrlInput.optional(),
});

export type EmbedSettingsInput = z.infer<typeof embedSettingsInput>;
