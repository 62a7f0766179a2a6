// Text from outside, checked before it reaches the database: Postgres text and jsonb cannot hold
// U+0000, so a null byte is refused here with a 400 instead of failing as a 500 in a query.
import { badRequest } from "./errors";

export const INVALID_TEXT = "O texto enviado contém caracteres inválidos";

export function assertNoNullBytes(values: Iterable<string>) {
  for (const v of values) if (v.includes("\u0000")) throw badRequest(INVALID_TEXT);
}

/** JSON.parse with the pt-BR error of API.md, refusing null bytes in any key or string. */
export function parseJsonText(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, (key, value) => {
      assertNoNullBytes(typeof value === "string" ? [key, value] : [key]);
      return value;
    });
  } catch (err) {
    if (err instanceof SyntaxError) throw badRequest("JSON inválido no corpo da requisição");
    throw err;
  }
  return parsed;
}
