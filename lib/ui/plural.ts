// '1 ativa', '2 ativas': a count with the singular or plural word (pt-BR: only 1 is singular).
export const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("pt-BR")} ${Math.abs(n) === 1 ? one : many}`;
