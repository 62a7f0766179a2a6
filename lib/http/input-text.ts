// Text from outside, checked before it reaches the database: Postgres text and jsonb cannot hold
// U+0000, and jsonb refuses a lone UTF-16 surrogate ("\ud800" in JSON), so both are refused here
// with a 400 instead of failing as a 500 in a query.
import { badRequest } from "@/lib/errors";

export const INVALID_TEXT = "O texto enviado contém caracteres inválidos";

const INVALID_CHARS = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function assertValidText(values: Iterable<string>) {
  for (const v of values) if (INVALID_CHARS.test(v)) throw badRequest(INVALID_TEXT);
}

/** JSON.parse with the pt-BR error of docs/api.md "Conventions", refusing null bytes and lone surrogates in any key or string. */
export function parseJsonText(text: string): unknown {
  let parsed: unknown;
  try {
    // A parsed string can hold U+0000 or a lone surrogate only if the text has it raw or as a \u
    // escape: without either, no key or value needs checking, and JSON.parse without a reviver
    // (which calls back for every key) does the same work at a fraction of the cost (the spin's
    // body: docs/performance.md "What each piece of the spin costs").
    if (!text.includes("\\u") && !INVALID_CHARS.test(text)) return JSON.parse(text);
    parsed = JSON.parse(text, (key, value) => {
      assertValidText(typeof value === "string" ? [key, value] : [key]);
      return value;
    });
  } catch (err) {
    if (err instanceof SyntaxError) throw badRequest("JSON inválido no corpo da requisição");
    throw err;
  }
  return parsed;
}
