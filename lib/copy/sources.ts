// The pt-BR copy of sources: what the screens and the API say (the zod schemas in
// lib/validation/sources.ts and the services use it).
export const SOURCE_MESSAGES = {
  nameRequired: "Nome da origem é obrigatório",
  nameTooLong: "O nome da origem deve ter no máximo 60 caracteres",
  notFound: "Origem não encontrada",
  removed: "Origem excluída com sucesso",
} as const;
