// Dates for people, in São Paulo time through the time-zone database (Intl): every screen, export
// and message that shows a date formats it here. Formatters are built once (Intl is costly to build).
import { TIME_ZONE } from "./zone";

type Instant = string | Date;

const LONG = new Intl.DateTimeFormat("pt-BR", { timeZone: TIME_ZONE, day: "numeric", month: "long", year: "numeric" });
const SHORT = new Intl.DateTimeFormat("pt-BR", { timeZone: TIME_ZONE, dateStyle: "short" });
const SHORT_TIME = new Intl.DateTimeFormat("pt-BR", { timeZone: TIME_ZONE, dateStyle: "short", timeStyle: "short" });
// toLocaleString's own options, so the text is the same ("22/11/2026, 19:29:07").
const FULL_TIME = new Intl.DateTimeFormat("pt-BR", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});
const DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const at = (d: Instant) => (typeof d === "string" ? new Date(d) : d);

/** '22 de novembro de 2026'; 'N/A' when absent (spec section 2, settings). */
export const longDate = (d: Instant | null | undefined) => (d ? LONG.format(at(d)) : "N/A");

/** '22/11/2026'. */
export const shortDate = (d: Instant) => SHORT.format(at(d));

/** '22/11/2026, 14:05'; 'N/A' when absent. */
export const shortDateTime = (d: Instant | null | undefined) => (d ? SHORT_TIME.format(at(d)) : "N/A");

/** '22/11/2026, 14:05:09' (CSV exports). */
export const fullDateTime = (d: Instant) => FULL_TIME.format(at(d));

/** The São Paulo calendar day of an instant, as YYYY-MM-DD (a date input's value). */
export const dayOf = (d: Instant) => DAY.format(at(d));

/** 'YYYY-MM-DD' as 'dd/mm/aaaa', or 'dd/mm' without the year. */
export const dayLabel = (day: string, withYear = true) =>
  day
    .split("-")
    .reverse()
    .slice(0, withYear ? 3 : 2)
    .join("/");
