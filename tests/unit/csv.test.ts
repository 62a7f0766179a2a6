// The CSV writer (lib/csv) against csv-stringify, the library it replaced on the export's hot
// path: the same bytes for cells with semicolons (the separator Excel in Brazil reads), commas,
// quotes, line breaks, accents, emoji and formulas.
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { csvRows, neutralise } from "@/lib/csv";

const PIECES = [
  "a",
  "Souza",
  ",",
  '"',
  "\r",
  "\n",
  "\r\n",
  " ",
  "ç",
  "ã",
  "😀",
  "=",
  "+",
  "-",
  "@",
  "\t",
  ";",
  "'",
  "",
];

describe("csvRows", () => {
  it("writes exactly what csv-stringify writes (RFC 4180 with `;`), formula cells neutralised", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const text = () =>
      Array.from({ length: Math.floor(random() * 6) }, () => PIECES[Math.floor(random() * PIECES.length)]).join("");
    const values = () => [text(), null, undefined, 42, true, new Date(0)][Math.floor(random() * 6)];
    for (let batch = 0; batch < 200; batch++) {
      const rows = Array.from({ length: 1 + Math.floor(random() * 20) }, () =>
        Array.from({ length: 1 + Math.floor(random() * 15) }, () => (random() < 0.7 ? text() : values())),
      );
      // With "\r\n" records, csv-stringify leaves a lone CR or LF unquoted, which spreadsheets read as
      // a line break: the writer quotes them, so the oracle is told to as well.
      const expected = stringify(
        rows.map((r) => r.map(neutralise)),
        { delimiter: ";", record_delimiter: "\r\n", quoted_match: /[\r\n]/ },
      );
      expect(csvRows(rows)).toBe(expected);
    }
  });

  it("quotes what needs quoting and nothing else", () => {
    expect(csvRows([["Ana", 'Diz "oi"', "a;b", "a,b", "linha\nnova", "=1+1", "", "só\rCR", "Joao;=1+1"]])).toBe(
      'Ana;"Diz ""oi""";"a;b";a,b;"linha\nnova";\'=1+1;;"só\rCR";"Joao;=1+1"\r\n',
    );
  });
});
