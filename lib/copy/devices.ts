// The pt-BR copy of a wheel's devices (the totem and the big screen): what the screens and the API
// say (lib/validation/devices.ts and lib/devices/* use it).
export const DEVICE_MESSAGES = {
  nameRequired: "Dê um nome ao aparelho (ex.: Totem da entrada)",
  nameTooLong: "O nome do aparelho deve ter no máximo 60 caracteres",
  kind: "Tipo de aparelho inválido: use totem ou screen",
  notFound: "Aparelho não encontrado",
  revoked: "Este link de totem foi desativado ou não existe. Peça um novo link à equipe da loja.",
  screenRevoked: "Este link de tela foi desativado ou não existe. Peça um novo link à equipe da loja.",
  removed: "Aparelho desativado. O link deixou de funcionar.",
  resetSeconds: "O tempo para reiniciar deve ser de 5 a 300 segundos",
  pin: "O PIN deve ter de 4 a 8 números",
  wrongPin: "PIN incorreto",
  // The totem's "Enviar para o meu WhatsApp" (issue 49).
  prizeCode: "Código de resgate inválido",
  prizeNotFound: "Prêmio não encontrado neste totem",
  kioskWhatsappOff: "Esta loja ainda não envia prêmios pelo WhatsApp. Use o QR code.",
  screenStreams: "Esta tela já está aberta em muitos aparelhos. Feche uma delas e tente de novo em instantes.",
  addressStreams: "Muitas telas abertas nesta rede. Feche algumas e tente de novo em instantes.",
} as const;

/** A totem or a big screen whose link was revoked while it was open (issue 49): no more invitations. */
export const DEVICE_OFF = {
  totem: "Este totem foi desativado",
  screen: "Esta tela foi desativada",
  text: "A equipe da loja desativou este link. Peça um novo link à equipe.",
} as const;
