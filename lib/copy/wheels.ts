// The pt-BR copy of wheels: what the screens and the API say (the zod schemas in
// lib/validation/wheels.ts and the services use it).
export const WHEEL_MESSAGES = {
  name: "Nome é obrigatório",
  slug: "Slug é obrigatório",
  slugFormat: "Slug deve conter apenas letras minúsculas, números e hífens",
  slugTaken: "Já existe uma roleta com este slug",
  oddsWeight: "O peso deve ser no mínimo 1",
  productUnavailable: "Apenas produtos ativos e com estoque podem ser adicionados à roleta",
} as const;
