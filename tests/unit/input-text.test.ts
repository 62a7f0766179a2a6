// parseJsonText (lib/http/input-text.ts): a text without a \u escape or a raw invalid character is
// parsed without the reviver, and every text that could yield U+0000 or a lone surrogate still goes
// through it: a fast path that skipped a check fails the refusals below.
import { describe, expect, it } from "vitest";
import { INVALID_TEXT, parseJsonText } from "@/lib/http/input-text";

const refused = (text: string) => {
  try {
    parseJsonText(text);
  } catch (err) {
    return (err as Error).message;
  }
  return null;
};

describe("parseJsonText", () => {
  it("parses plain bodies as JSON.parse does (the fast path)", () => {
    const body = { name: "Ana Souza", whatsapp: "+5511987654321", consent: true, answers: { q1: "sim" }, n: [1, 2] };
    expect(parseJsonText(JSON.stringify(body))).toEqual(body);
    expect(parseJsonText('"ação 😀"')).toBe("ação 😀");
    expect(parseJsonText("null")).toBe(null);
  });

  it("refuses U+0000 and lone surrogates as escapes, in values and keys", () => {
    for (const text of ['{"a":"\\u0000"}', '{"a":"x\\ud800"}', '{"a":"\\udfff"}', '{"\\u0000":1}', '["\\ud83d"]'])
      expect(refused(text), text).toBe(INVALID_TEXT);
  });

  it("refuses raw lone surrogates and raw U+0000 (the latter as invalid JSON)", () => {
    expect(refused('{"a":"x\ud800"}')).toBe(INVALID_TEXT);
    expect(refused('{"\udc00":1}')).toBe(INVALID_TEXT);
    expect(refused('{"a":"\u0000"}')).toBe("JSON inválido no corpo da requisição");
  });

  it("accepts escaped and raw surrogate pairs, and an escaped backslash before a u", () => {
    expect(parseJsonText('{"a":"\\ud83d\\ude00"}')).toEqual({ a: "😀" });
    expect(parseJsonText('{"a":"\ud83d\ude00"}')).toEqual({ a: "😀" });
    expect(parseJsonText('{"a":"\\\\u0000"}')).toEqual({ a: "\\u0000" });
  });

  it("answers invalid JSON with the pt-BR message", () => {
    for (const text of ["{", '{"a":', "nul", "{}}"])
      expect(refused(text), text).toBe("JSON inválido no corpo da requisição");
  });
});
