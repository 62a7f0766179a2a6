// Money as a shop owner in Brazil reads it: cents of a currency -> "R$ 1.234,56".
export const money = (cents: number, currency = "BRL") =>
  (cents / 100).toLocaleString("pt-BR", { style: "currency", currency });
