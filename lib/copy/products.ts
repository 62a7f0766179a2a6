// The pt-BR copy of products: what the screens and the API say (the zod schemas in
// lib/validation/products.ts and the services use it).
export const PRODUCT_MESSAGES = {
  name: "Nome é obrigatório",
  description: "Descrição é obrigatória",
  stock: "Estoque deve ser maior ou igual a 0",
  weight: "Peso deve ser maior que 0",
  formInvalid: "Por favor, corrija os erros no formulário",
  imageType: "Por favor, selecione uma imagem válida",
  imageSize: "Imagem muito grande. Tamanho máximo: 5MB",
  imageUrl: "Endereço de imagem inválido",
} as const;
