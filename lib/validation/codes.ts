// Unique codes of a pool product (docs/api.md "Unique codes (issue 26)"), shared by the codes screen and the API.
import { z } from "./z";
import { pageQuery } from "./common";

export const CODE_MESSAGES = {
  code: "Código inválido: use de 3 a 64 letras, números, _ ou -",
  codes: "Informe ao menos um código",
  tooMany: "Envie no máximo 10.000 códigos por vez",
  notPool: "Este produto não usa uma lista de códigos",
  stockFromCodes: "O estoque deste produto é o número de códigos disponíveis e não pode ser editado",
  status: "Situação inválida",
  fileTooBig: "Envie no máximo 100.000 códigos",
} as const;

export const CODE_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;
/** Codes per call; the screen sends a bigger file in calls of this size. */
export const CODES_PER_CALL = 10_000;
/** Codes per file or paste in the screen. */
export const CODES_PER_UPLOAD = 100_000;

const code = z.string({ error: CODE_MESSAGES.code }).trim().regex(CODE_PATTERN, CODE_MESSAGES.code);

export const codesInput = z.object({
  codes: z
    .array(code, { error: CODE_MESSAGES.codes })
    .min(1, CODE_MESSAGES.codes)
    .max(CODES_PER_CALL, CODE_MESSAGES.tooMany),
});

export const codeListQuery = pageQuery.extend({
  status: z.enum(["available", "assigned"], { error: CODE_MESSAGES.status }).optional(),
  search: z.string().trim().max(64).optional(),
});

export const codeSource = z.enum(["generated", "pool", "store"], { error: "Origem dos códigos inválida" });

/**
 * The codes in a paste or a CSV file: one per line, or the first cell of each line (`;` or `,`),
 * a header line ("codigo", "code", ...) skipped. Blank lines are ignored; invalid ones are returned.
 */
export function parseCodes(text: string): { codes: string[]; invalid: string[] } {
  const codes: string[] = [];
  const invalid: string[] = [];
  for (const [i, line] of text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .entries()) {
    const cell = line
      .split(/[;,\t]/)[0]
      .trim()
      .replace(/^"(.*)"$/, "$1");
    if (!cell || (i === 0 && /^(c[oó]digos?|codes?|cupo(m|ns)|coupons?)$/i.test(cell))) continue;
    if (CODE_PATTERN.test(cell)) codes.push(cell);
    else invalid.push(cell);
  }
  return { codes, invalid };
}

export type CodesInput = z.infer<typeof codesInput>;
export type CodeListQuery = z.infer<typeof codeListQuery>;
export type CodeSource = z.infer<typeof codeSource>;
