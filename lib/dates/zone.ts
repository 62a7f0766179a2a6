export const TIME_ZONE = "America/Sao_Paulo";
