// What a lead shows of the visitor's form (docs/api.md "The visitor's form (issue 28)"): the e-mail,
// the CPF masked (never in full: only its last two digits are kept), and the answers, each with the
// question as it was worded when the visitor answered. Shared by the API's lead, the CSV and webhooks.

/** One answer as stored on the spin (Spin.answers, a JSON array). */
export interface StoredAnswer {
  id: string;
  label: string;
  value: string;
}

/** The CPF as every screen, export and message shows it: "***.***.***-12". */
export const maskedCpf = (last2: string | null | undefined) => (last2 ? `***.***.***-${last2}` : null);

export function answersOf(json: unknown): { question_id: string; question: string; answer: string }[] {
  if (!Array.isArray(json)) return [];
  return (json as StoredAnswer[])
    .filter((a) => a && typeof a.id === "string" && typeof a.value === "string")
    .map((a) => ({ question_id: a.id, question: a.label, answer: a.value }));
}

/** The answers in one cell: "Pergunta: resposta | Outra: resposta". */
export const answersText = (json: unknown) =>
  answersOf(json)
    .map((a) => `${a.question}: ${a.answer}`)
    .join(" | ");
