// pt-BR answers to requests refused for their form rather than their content (lib/http/csrf.ts).
export const REQUEST_MESSAGES = {
  crossSite: "Requisição recusada: ela não partiu deste site.",
  jsonOnly: "Envie os dados em JSON (Content-Type: application/json).",
} as const;
