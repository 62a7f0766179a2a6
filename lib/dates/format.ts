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
const TIME = new Intl.DateTimeFormat("pt-BR", { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit" });
const DAY_MONTH = new Intl.DateTimeFormat("pt-BR", { timeZone: TIME_ZONE, day: "2-digit", month: "2-digit" });
const DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const at = (d: Instant) => (typeof d === "string" ? new Date(d) : d);

/** '22 de novembro de 2026'. A missing date is the caller's to word ("Sem data de término"). */
export const longDate = (d: Instant) => LONG.format(at(d));

/** '22/11/2026'. */
export const shortDate = (d: Instant) => SHORT.format(at(d));

/** '22/11/2026, 14:05'. A missing date is the caller's to word ("Nunca"). */
export const shortDateTime = (d: Instant) => SHORT_TIME.format(at(d));

const CLOCK = new Intl.DateTimeFormat("pt-BR", { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit" });
/** "14:05" in São Paulo. */
export const clockTime = (d: Instant) => CLOCK.format(at(d));

const HOUR_MS = 3_600_000;
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

// São Paulo's offset from UTC per UTC hour, read from the time-zone database once per hour:
// offsets change only on whole UTC hours (they are whole hours, changed at a local midnight), and
// an export formats a million instants, where Intl's format (~2 µs a call) cost seconds.
const offsets = new Map<number, number>();
function offsetOfHour(hour: number): number {
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const p: Record<string, number> = {};
    for (const part of FULL_TIME.formatToParts(new Date(hour * HOUR_MS)))
      if (part.type !== "literal") p[part.type] = Number(part.value);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second) - hour * HOUR_MS;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/** '22/11/2026, 14:05:09' (CSV exports): Intl's own text (tests/unit/dates.test.ts compares them). */
export function fullDateTime(d: Instant): string {
  const ms = at(d).getTime();
  if (!Number.isFinite(ms)) return FULL_TIME.format(at(d)); // Intl's own error
  const w = new Date(ms + offsetOfHour(Math.floor(ms / HOUR_MS)));
  const year = w.getUTCFullYear();
  if (year < 1000 || year > 9999) return FULL_TIME.format(at(d));
  return (
    `${pad2(w.getUTCDate())}/${pad2(w.getUTCMonth() + 1)}/${year}, ` +
    `${pad2(w.getUTCHours())}:${pad2(w.getUTCMinutes())}:${pad2(w.getUTCSeconds())}`
  );
}

/**
 * The São Paulo calendar day of an instant, as YYYY-MM-DD (a date input's value): from the hour's
 * offset like fullDateTime (every spin asks for today, where Intl's format showed in the profile),
 * Intl's own answer outside years 1000-9999 (tests/unit/dates.test.ts compares them).
 */
export function dayOf(d: Instant): string {
  const ms = at(d).getTime();
  if (!Number.isFinite(ms)) return DAY.format(at(d)); // Intl's own error
  const w = new Date(ms + offsetOfHour(Math.floor(ms / HOUR_MS)));
  const year = w.getUTCFullYear();
  if (year < 1000 || year > 9999) return DAY.format(at(d));
  return `${year}-${pad2(w.getUTCMonth() + 1)}-${pad2(w.getUTCDate())}`;
}

/** 'às 14:03' on the day of `now`, else 'em 25/11 às 14:03' (status lines such as the webhooks log). */
export function atTime(d: Instant, now: Instant = new Date()): string {
  const time = `às ${TIME.format(at(d))}`;
  return dayOf(d) === dayOf(now) ? time : `em ${DAY_MONTH.format(at(d))} ${time}`;
}

/** 'YYYY-MM-DD' as 'dd/mm/aaaa', or 'dd/mm' without the year. */
export const dayLabel = (day: string, withYear = true) =>
  day
    .split("-")
    .reverse()
    .slice(0, withYear ? 3 : 2)
    .join("/");
