import { describe, expect, it } from "vitest";
import { labelLines } from "@/components/public-wheel/segments";

describe("wheel slice labels", () => {
  it("keeps short names on one line", () => {
    expect(labelLines("Caneca")).toEqual(["Caneca"]);
    expect(labelLines("Vale R$ 10")).toEqual(["Vale R$ 10"]);
  });

  it("wraps long names to two lines between words, never cutting one", () => {
    expect(labelLines("Caneca personalizada")).toEqual(["Caneca", "personalizada"]);
    expect(labelLines("Kit de café da manhã")).toEqual(["Kit de café da", "manhã"]);
    const lines = labelLines("Uma caneca personalizada com o seu nome gravado");
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith("…")).toBe(true);
    for (const word of lines.join(" ").replace("…", "").split(" ")) {
      expect("Uma caneca personalizada com o seu nome gravado".split(" ")).toContain(word);
    }
  });

  it("keeps a word longer than a line whole", () => {
    expect(labelLines("Hipopotomonstrosesquipedaliofobia")).toEqual(["Hipopotomonstrosesquipedaliofobia"]);
  });
});
