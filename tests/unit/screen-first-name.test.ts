// The first name a big screen shows (docs/decisions/security.md "Public edge"): a visitor's typed
// name reaches a TV in a public place, so control and zero-width characters, digit runs (a phone
// number, a PIX key) and length beyond 30 characters never do.
import { describe, expect, it } from "vitest";
import { screenFirstName } from "@/lib/screens/first-name";

describe("screenFirstName", () => {
  it("keeps a plain first name", () => {
    expect(screenFirstName("  Joana Silva Souza ")).toBe("Joana");
    expect(screenFirstName("José")).toBe("José");
  });

  it("drops control and zero-width characters", () => {
    expect(screenFirstName("Jo\u200bana\u200d Silva")).toBe("Joana");
    expect(screenFirstName("\u202eanaoJ")).toBe("anaoJ");
    expect(screenFirstName("Ana\u0007\u001b[31m")).toBe("Ana[31m");
    expect(screenFirstName("\ufeffMaria\u2060")).toBe("Maria");
    expect(screenFirstName("\u200b\u200c Pedro")).toBe("Pedro");
  });

  it("removes runs of 3 or more digits but keeps shorter ones", () => {
    expect(screenFirstName("Ana11999998888")).toBe("Ana");
    expect(screenFirstName("Ana123")).toBe("Ana");
    expect(screenFirstName("Ana12")).toBe("Ana12");
    expect(screenFirstName("1\u200b2\u200b3\u200b4Bia")).toBe("Bia");
  });

  it("caps the name at 30 characters", () => {
    expect(screenFirstName("A".repeat(80))).toBe("A".repeat(30));
    expect(screenFirstName("Seu-PIX-de-R$500-esta-em-golpe.example/pix")).toHaveLength(30);
    // A surrogate pair is never cut in half.
    expect([...screenFirstName("😀".repeat(40))]).toHaveLength(30);
  });

  it("answers an empty string when nothing is left", () => {
    expect(screenFirstName("123456")).toBe("");
    expect(screenFirstName("\u200b\u200b")).toBe("");
  });
});
