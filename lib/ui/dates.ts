// Dates for people, in São Paulo time (spec: long pt-BR dates, 'N/A' when absent).
const TZ = "America/Sao_Paulo";

export const longDate = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString("pt-BR", { timeZone: TZ, day: "numeric", month: "long", year: "numeric" }) : "N/A";

export const shortDateTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString("pt-BR", { timeZone: TZ, dateStyle: "short", timeStyle: "short" }) : "N/A";
