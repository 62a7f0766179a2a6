// What the public page passes on with the spin from its own URL: the source key (?s=) and the
// utm_* parameters, each cut to the API's 100 characters so a long link never costs a spin; and the
// embed loader's experiment (?x=, its key) and visitor (?v=), passed only when valid (docs/api.md
// "Experiments": a spin carrying them records the lead's arm).
export const ATTRIBUTION_PARAMS = {
  s: "source",
  utm_source: "utm_source",
  utm_medium: "utm_medium",
  utm_campaign: "utm_campaign",
  x: "experiment",
  v: "visitor",
} as const;

/** A value the spin would refuse is left out: the visitor still plays, only without an arm. */
const VALID: Partial<Record<string, RegExp>> = { x: /^.{1,50}$/, v: /^[A-Za-z0-9_-]{8,64}$/ };

export type Attribution = Partial<Record<(typeof ATTRIBUTION_PARAMS)[keyof typeof ATTRIBUTION_PARAMS], string>>;

export function attributionFrom(search: Record<string, string | string[] | undefined>): Attribution {
  const out: Attribution = {};
  for (const [param, field] of Object.entries(ATTRIBUTION_PARAMS)) {
    const raw = search[param];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, 100);
    if (value && (VALID[param]?.test(value) ?? true)) out[field] = value;
  }
  return out;
}
