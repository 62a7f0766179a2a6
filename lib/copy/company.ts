// The pt-BR copy of company: what the screens and the API say (the zod schemas in
// lib/validation/company.ts and the services use it).
export const COMPANY_MESSAGES = {
  name: "Nome da empresa é obrigatório",
  nameMax: "Nome da empresa deve ter no máximo 255 caracteres",
  slugFormat: "Slug deve conter apenas letras minúsculas, números e hífens",
  slugLength: "Slug deve ter entre 3 e 50 caracteres",
  slugTaken: "Este slug já está em uso",
  slugInvalid: "Slug inválido e indisponível",
  email: "Por favor, informe um email válido",
  phone: "Telefone deve ter 10 ou 11 dígitos",
  phoneChars: "Telefone inválido: use apenas números, como (11) 98765-4321",
  legalName: "Razão social deve ter no máximo 255 caracteres",
  cnpj: "CNPJ inválido",
  onlyOwner: "Apenas o proprietário pode atualizar os dados da empresa",
  readOnly:
    "Apenas o proprietário da empresa pode editar estas configurações. Você pode visualizar as informações abaixo.",
  updated: "Dados da empresa atualizados com sucesso!",
} as const;
