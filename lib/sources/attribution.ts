// What the public page passes on with the spin from its own URL: the source key (?s=) and the
// utm_* parameters, each cut to the API's 100 characters so a long link never costs a spin.
export const ATTRIBUTION_PARAMS = {
  s: "source",
  utm_source: "utm_source",
  utm_medium: "utm_medium",
  utm_campaign: "utm_campaign",
} as const;

export type Attribution = Partial<Record<(typeof ATTRIBUTION_PARAMS)[keyof typeof ATTRIBUTION_PARAMS], string>>;

export function attributionFrom(search: Record<string, string | string[] | undefined>): Attribution {
  const out: Attribution = {};
  for (const [param, field] of Object.entries(ATTRIBUTION_PARAMS)) {
    const raw = search[param];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, 100);
    if (value) out[field] = value;
  }
  return out;
}
