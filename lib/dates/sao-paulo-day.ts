// São Paulo calendar math: which day an instant falls on, when a day starts, and wall-clock times
// typed by people, all through the time-zone database (Intl), never a fixed offset, so a future
// change of Brazil's rules (daylight saving came and went before) needs no code change.
// Plain functions with no Node imports: safe for the server and the browser.
import { shortDate } from "./format";
import { TIME_ZONE } from "./zone";

const DAY_MS = 86_400_000;
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

// One formatter for every call: building an Intl.DateTimeFormat with a time zone costs far more
// than formatting with it.
let formatter: Intl.DateTimeFormat | undefined;
const wallFormatter = () =>
  (formatter ??= new Intl.DateTimeFormat("en-US", {
    timeZone: TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }));

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The São Paulo wall clock at an instant. */
function wallClock(d: Date): WallClock {
  const p: Record<string, number> = {};
  for (const part of wallFormatter().formatToParts(d)) if (part.type !== "literal") p[part.type] = Number(part.value);
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

const pad = (n: number, size = 2) => String(n).padStart(size, "0");

/** São Paulo's offset from UTC at an instant, in milliseconds (negative: west of Greenwich). */
function offsetAt(ms: number): number {
  const w = wallClock(new Date(ms));
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The São Paulo day of an instant as a day count since 1970-01-01 (to subtract days). */
export function spDayNumber(d: Date): number {
  const w = wallClock(d);
  return Date.UTC(w.year, w.month - 1, w.day) / DAY_MS;
}

/**
 * The instant a São Paulo wall-clock time happens ("YYYY-MM-DD", "YYYY-MM-DDTHH:mm" or with
 * seconds, as date and datetime-local inputs give them); null when the text is not such a time.
 */
export function fromSpWallClock(text: string): Date | null {
  const m = WALL_CLOCK.exec(text);
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1).map((v) => (v ? Number(v) : undefined));
  const asUtc = Date.UTC(year!, month! - 1, day!, hour, minute, second);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day! || hour > 23 || minute > 59 || second > 59)
    return null;
  // Two passes: the offset at the guessed instant, then at the corrected one (they differ only
  // across an offset change).
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first));
}

/** The instants a São Paulo day (YYYY-MM-DD) begins and ends (date filters, the month's start). */
export const dayStart = (day: string): Date => fromSpWallClock(day)!;
export const dayEnd = (day: string): Date => new Date(fromSpWallClock(`${day}T23:59:59`)!.getTime() + 999);

/** The instant a São Paulo day (by its day number) begins. */
export function spDayStart(dayNumber: number): Date {
  return fromSpWallClock(new Date(dayNumber * DAY_MS).toISOString().slice(0, 10))!;
}

/** "YYYY-MM-DDTHH:mm" of an instant in São Paulo: a datetime-local input's value. */
export function toSpWallClock(d: Date): string {
  const w = wallClock(d);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** "01/12/2026 às 09:00" in São Paulo, for texts (rules page, wheel states). */
export function spDateTimeText(d: Date): string {
  const w = wallClock(d);
  return `${shortDate(d)} às ${pad(w.hour)}:${pad(w.minute)}`;
}
