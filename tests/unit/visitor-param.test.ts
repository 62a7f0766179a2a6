// What a visitor typed, as it may reach a paid WhatsApp template (issue 49; docs/decisions/
// security.md "Visitors, keys and the counter"): its first word, nothing URL-like, no digit runs,
// at most 30 characters.
import { describe, expect, it } from "vitest";
import { VISITOR_PARAM_FALLBACK, visitorParam } from "@/lib/whatsapp/visitor-param";

describe("visitorParam", () => {
  it("turns the reviewer's name into a harmless first word", () => {
    const out = visitorParam("Seu-PIX-de-R$500-esta-em-golpe.example/pix");
    expect(out).toBe("Seu");
    expect(out).not.toMatch(/\d|\.|\/|\$|pix/i);
  });

  it("keeps a real first name, accents and apostrophes included", () => {
    expect(visitorParam("  Maria Clara Souza ")).toBe("Maria");
    expect(visitorParam("João")).toBe("João");
    expect(visitorParam("D'Ávila Santos")).toBe("D'Ávila");
  });

  it("drops links, hosts and digit runs wherever they are", () => {
    expect(visitorParam("https://golpe.example/pix Ana")).toBe("Ana");
    expect(visitorParam("www.golpe.com.br Ana")).toBe("Ana");
    expect(visitorParam("golpe.example/pix")).toBe(VISITOR_PARAM_FALLBACK);
    expect(visitorParam("Ana123456")).toBe("Ana");
    expect(visitorParam("11999998888")).toBe(VISITOR_PARAM_FALLBACK);
  });

  it("caps the word at 30 characters and never answers empty", () => {
    expect(visitorParam("A".repeat(80))).toBe("A".repeat(30));
    expect(visitorParam("")).toBe(VISITOR_PARAM_FALLBACK);
    expect(visitorParam("🎉🎉")).toBe(VISITOR_PARAM_FALLBACK);
  });
});
