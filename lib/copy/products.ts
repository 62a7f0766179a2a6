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
  storeCoupon: "Escolha a loja e o cupom deste prêmio",
  store: "Escolha uma loja conectada",
  couponType: "Tipo de cupom inválido",
  percentage: "A porcentagem deve ser de 1 a 100",
  fixed: "O valor do desconto deve ser maior que 0",
  validDays: "A validade deve ser de 1 a 365 dias",
  minOrder: "Pedido mínimo inválido",
  storeNotFound: "Loja não encontrada",
} as const;
