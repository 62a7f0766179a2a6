// JSON.parse for a store's webhook body that keeps integers beyond 2^53 exact: Shopify's order ids
// already pass 2^53 (its own sample payload's `820982911946154508`), and JSON.parse would round them to
// another order's id (docs/decisions/security.md "Trust round four"). Such a literal, outside strings,
// is read as the string of its digits; every other value parses as JSON.parse parses it.

/** Whether text[i] starts a number token (JSON numbers start with a minus or a digit). */
const startsNumber = (c: string) => c === "-" || (c >= "0" && c <= "9");

/** JSON.parse, with integer literals beyond Number.MAX_SAFE_INTEGER read as their digits (a string). */
export function parseExactJson(text: string): unknown {
  let out = "";
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      // Skip the string, its escapes included.
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
      continue;
    }
    if (!startsNumber(c)) continue;
    let j = i + 1;
    while (j < text.length && text[j] >= "0" && text[j] <= "9") j++;
    const integer = !/[.eE]/.test(text[j] ?? "");
    const literal = text.slice(i, j);
    if (integer && !Number.isSafeInteger(Number(literal))) {
      out += `${text.slice(copied, i)}"${literal}"`;
      copied = j;
    }
    i = j - 1;
  }
  return JSON.parse(copied ? out + text.slice(copied) : text);
}
