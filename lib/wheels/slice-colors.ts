// The wheel's slice colours, from its theme (docs/api.md "Campaigns": primary_color and preset):
// a few hues around the shop's colour and the preset's own, each darkened until white labels on it
// keep WCAG's 4.5:1 contrast, whatever colour the shop picked. Computed on the server: no bytes on
// the visitor's phone.
import type { THEME_PRESETS } from "@/lib/validation/campaign";

type Preset = (typeof THEME_PRESETS)[number];

/** The seasonal presets' own colours, used after the shop's colour. */
const PRESET_SEEDS: Record<Preset, string[]> = {
  padrao: ["#be185d", "#c2410c", "#15803d", "#0e7490"],
  natal: ["#b91c1c", "#15803d", "#a16207", "#7f1d1d"],
  "sao-joao": ["#c2410c", "#a16207", "#1d4ed8", "#b91c1c"],
  "black-friday": ["#111827", "#a16207", "#374151", "#b91c1c"],
  maes: ["#be185d", "#9d174d", "#7e22ce", "#db2777"],
  pais: ["#1e3a8a", "#0f766e", "#374151", "#1d4ed8"],
};

export const MIN_CONTRAST = 4.5;
const WHITE_LUMINANCE = 1;

const channel = (v: number) => {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (c: [number, number, number]) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;

function luminance(hex: string) {
  const [r, g, b] = rgb(hex).map(channel);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of white text on `hex`. */
export const contrastWithWhite = (hex: string) => (WHITE_LUMINANCE + 0.05) / (luminance(hex) + 0.05);

/** The colour, darkened in small steps (hue kept) until white text on it reaches 4.5:1. */
export function readableOnWhiteText(hex: string): string {
  let c = rgb(hex);
  let out = toHex(c);
  while (contrastWithWhite(out) < MIN_CONTRAST) {
    c = c.map((v) => v * 0.92) as [number, number, number];
    out = toHex(c);
  }
  return out;
}

/** `count` slice colours for a theme: the shop's colour first, then the preset's, all readable. */
export function sliceColors(theme: { primary_color: string; preset: string }, count: number): string[] {
  const seeds = [theme.primary_color, ...(PRESET_SEEDS[theme.preset as Preset] ?? PRESET_SEEDS.padrao)];
  const readable = seeds.map(readableOnWhiteText);
  return Array.from({ length: count }, (_, i) => readable[i % readable.length]);
}

export const PRESETS = Object.keys(PRESET_SEEDS) as Preset[];

/** `hex` mixed with white: `amount` 0 keeps it, 1 is white. */
function tint(hex: string, amount: number): string {
  return toHex(rgb(hex).map((v) => v + (255 - v) * amount) as [number, number, number]);
}

const shade = (hex: string, factor: number) => toHex(rgb(hex).map((v) => v * factor) as [number, number, number]);

/**
 * The public page's brand colours (the CSS variables of app/globals.css) from the shop's colour:
 * 600 (buttons with white text) readable at 4.5:1, darker 700/800 (page background, links), and
 * light 50/100 (tinted boxes, text on the dark background). Null for the product's own colour,
 * whose hand-picked palette stays.
 */
export function brandPalette(primary: string, defaultColor: string): Record<string, string> | null {
  if (primary.toLowerCase() === defaultColor.toLowerCase()) return null;
  const base = readableOnWhiteText(primary);
  return {
    "--color-brand-50": tint(base, 0.93),
    "--color-brand-100": tint(base, 0.85),
    "--color-brand-500": base,
    "--color-brand-600": base,
    "--color-brand-700": shade(base, 0.85),
    "--color-brand-800": shade(base, 0.7),
  };
}
