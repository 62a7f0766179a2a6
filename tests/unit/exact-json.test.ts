// A store's webhook body keeps its large integer ids exact (docs/decisions/security.md "Trust round four").
import { describe, expect, it } from "vitest";
import { parseExactJson } from "@/lib/stores/exact-json";

describe("parseExactJson", () => {
  it("reads an integer beyond 2^53 as its digits and leaves the rest as JSON.parse reads it", () => {
    const text =
      '{"id":820982911946154508,"n":-9007199254740993,"small":42,"price":"12.50","f":1.5e3,' +
      '"s":"a \\" 820982911946154508","list":[9007199254740991,9007199254740992],"neg":-1,"nested":{"id":1}}';
    expect(parseExactJson(text)).toEqual({
      id: "820982911946154508",
      n: "-9007199254740993",
      small: 42,
      price: "12.50",
      f: 1500,
      s: 'a " 820982911946154508',
      list: [9007199254740991, "9007199254740992"],
      neg: -1,
      nested: { id: 1 },
    });
  });

  it("refuses what JSON.parse refuses", () => {
    expect(() => parseExactJson('{"id": 820982911946154508')).toThrow(SyntaxError);
    expect(() => parseExactJson("not json")).toThrow(SyntaxError);
  });
});
