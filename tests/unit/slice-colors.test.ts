import { describe, expect, it } from "vitest";
import {
  brandPalette,
  contrastWithWhite,
  MIN_CONTRAST,
  PRESETS,
  readableOnWhiteText,
  sliceColors,
} from "@/lib/wheels/slice-colors";

const randomHex = () =>
  `#${Math.floor(Math.random() * 0x1000000)
    .toString(16)
    .padStart(6, "0")}`;

describe("slice colours keep white labels readable (4.5:1)", () => {
  it("for every preset, with its own and the brand's colour", () => {
    for (const preset of PRESETS)
      for (const c of sliceColors({ primary_color: "#7c3aed", preset }, 12))
        expect(contrastWithWhite(c), `${preset} ${c}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it("for 500 random shop colours, white and yellow included", () => {
    const colours = ["#ffffff", "#ffff00", "#00ff00", "#000000", ...Array.from({ length: 500 }, randomHex)];
    for (const primary of colours) {
      const [first, ...rest] = sliceColors({ primary_color: primary, preset: "padrao" }, 6);
      expect(contrastWithWhite(first), primary).toBeGreaterThanOrEqual(MIN_CONTRAST);
      for (const c of rest) expect(contrastWithWhite(c)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  it("keeps a colour that is already readable, and darkens a light one", () => {
    expect(readableOnWhiteText("#1e3a8a")).toBe("#1e3a8a");
    const dark = readableOnWhiteText("#fde047");
    expect(dark).not.toBe("#fde047");
    expect(contrastWithWhite(dark)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it("measures contrast as WCAG does", () => {
    expect(contrastWithWhite("#000000")).toBeCloseTo(21, 1);
    expect(contrastWithWhite("#ffffff")).toBeCloseTo(1, 5);
  });
});

describe("the page's brand colours from the shop's colour", () => {
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [a, b].map((c) => 1.05 / contrastWithWhite(c) - 0.05).sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };

  it("keep white on the buttons, light text on the dark background and dark text on the tints readable", () => {
    for (const primary of ["#ffffff", "#ffff00", "#00ff00", "#000000", ...Array.from({ length: 300 }, randomHex)]) {
      const p = brandPalette(primary, "#7c3aed");
      if (!p) continue;
      expect(contrastWithWhite(p["--color-brand-600"]), primary).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrast(p["--color-brand-100"], p["--color-brand-800"]), primary).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrast(p["--color-brand-800"], p["--color-brand-50"]), primary).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrast(p["--color-brand-700"], "#ffffff"), primary).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  it("leaves the product's own palette alone when the shop kept the default colour", () => {
    expect(brandPalette("#7C3AED", "#7c3aed")).toBeNull();
    expect(brandPalette("#b91c1c", "#7c3aed")?.["--color-brand-600"]).toBe("#b91c1c");
  });
});
