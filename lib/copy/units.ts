// The pt-BR copy of units ("Unidades") and counter staff: what the screens and the API say (the zod
// schemas in lib/validation/units.ts and the services use it).
export const UNIT_MESSAGES = {
  nameRequired: "Informe o nome da unidade",
  nameTooLong: "O nome da unidade deve ter no máximo 60 caracteres",
  slugRequired: "Informe o identificador da unidade",
  slugFormat: "Identificador inválido: use letras minúsculas, números e hífens",
  slugTooLong: "O identificador deve ter no máximo 50 caracteres",
  addressTooLong: "O endereço deve ter no máximo 255 caracteres",
  slugTaken: "Já existe uma unidade com este identificador",
  notFound: "Unidade não encontrada",
  removed: "Unidade excluída com sucesso",
  proOnly: "Unidades são um recurso do plano Pro. Faça upgrade para o Pro em Assinatura.",
  invalid: "Unidade inválida",
  unknownUnits: "Uma ou mais unidades não existem nesta empresa",
  tooMany: "Escolha no máximo 50 unidades",
  notYours: "Você não atende nesta unidade",
  onlyUnitOfStaff:
    "Esta é a única unidade de um atendente. Em Usuários, dê outra unidade a ele (ou remova-o) antes de excluí-la.",
} as const;
