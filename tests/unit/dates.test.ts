// São Paulo wall-clock times from the time-zone database: today's fixed -03:00 and the years when
// Brazil still had summer time (-02:00) both come out right, with no offset written in the code.
import { describe, expect, it } from "vitest";
import { dayEnd, dayStart } from "@/lib/dates/sao-paulo-day";
import { dayLabel, dayOf, fullDateTime, longDate, shortDateTime } from "@/lib/dates/format";

describe("lib/dates", () => {
  it("turns a São Paulo day into its first and last instants", () => {
    expect(dayStart("2026-11-22").toISOString()).toBe("2026-11-22T03:00:00.000Z");
    expect(dayEnd("2026-11-22").toISOString()).toBe("2026-11-23T02:59:59.999Z");
    // Summer time (horário de verão) in December 2018: UTC-2.
    expect(dayStart("2018-12-01").toISOString()).toBe("2018-12-01T02:00:00.000Z");
  });

  it("names the São Paulo day of an instant, across UTC midnight", () => {
    expect(dayOf(new Date("2026-11-23T02:30:00Z"))).toBe("2026-11-22");
    expect(dayOf(new Date("2026-11-23T03:00:00Z"))).toBe("2026-11-23");
  });

  it("writes export date-times exactly as Intl does, summer time and its changes included", () => {
    const intl = new Intl.DateTimeFormat("pt-BR", {
      timeZone: "America/Sao_Paulo",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    const instants: number[] = [];
    // Random instants from 1970 to 2060 (a fixed seed: a failure can be replayed).
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) instants.push(Math.floor(random() * Date.UTC(2060, 0, 1)));
    // Every 20 minutes around each summer-time change of 2008-2019 (October to March).
    for (let year = 2008; year <= 2019; year++)
      for (const [from, to] of [
        [Date.UTC(year, 9, 1), Date.UTC(year, 10, 30)],
        [Date.UTC(year, 1, 1), Date.UTC(year, 2, 1)],
      ])
        for (let t = from; t < to; t += 20 * 60_000) instants.push(t + 59_999);
    const wrong = instants.filter((t) => fullDateTime(new Date(t)) !== intl.format(new Date(t)));
    expect(wrong.map((t) => new Date(t).toISOString())).toEqual([]);
    // dayOf reads the same offsets: its YYYY-MM-DD is Intl's (en-CA) for every instant too.
    const day = new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/Sao_Paulo",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    const wrongDays = instants.filter((t) => dayOf(new Date(t)) !== day.format(new Date(t)));
    expect(wrongDays.map((t) => new Date(t).toISOString())).toEqual([]);
    expect(instants.length).toBeGreaterThan(60_000);
  });

  it("formats for people in São Paulo time", () => {
    const at = "2026-11-23T01:05:09Z"; // 22:05:09 on the 22nd in São Paulo
    expect(shortDateTime(at)).toBe("22/11/2026, 22:05");
    expect(fullDateTime(at)).toBe("22/11/2026, 22:05:09");
    expect(longDate(at)).toBe("22 de novembro de 2026");
    expect(dayLabel("2026-11-22")).toBe("22/11/2026");
    expect(dayLabel("2026-11-22", false)).toBe("22/11");
  });
});
