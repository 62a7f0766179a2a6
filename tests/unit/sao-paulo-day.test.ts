// São Paulo calendar math through the time-zone database: days, midnights, wall-clock input, and
// the play windows and campaign states built on them.
import { describe, expect, it } from "vitest";
import { campaignStatus, nextPlayAt, playWindow } from "@/lib/campaigns/schedule";
import { fromSpWallClock, spDateTimeText, spDayNumber, spDayStart, toSpWallClock } from "@/lib/dates/sao-paulo-day";
import { dayOf } from "@/lib/dates/format";

describe("São Paulo days", () => {
  it("cut at midnight in São Paulo, not in UTC", () => {
    expect(dayOf(new Date("2026-12-02T02:59:59Z"))).toBe("2026-12-01");
    expect(dayOf(new Date("2026-12-02T03:00:00Z"))).toBe("2026-12-02");
    expect(spDayNumber(new Date("2026-12-02T03:00:00Z")) - spDayNumber(new Date("2026-12-02T02:59:59Z"))).toBe(1);
    expect(spDayStart(spDayNumber(new Date("2026-12-02T10:00:00Z"))).toISOString()).toBe("2026-12-02T03:00:00.000Z");
  });

  it("read wall-clock times as São Paulo time, with the offset of that date (daylight saving until 2019)", () => {
    expect(fromSpWallClock("2026-12-01T09:00")?.toISOString()).toBe("2026-12-01T12:00:00.000Z");
    expect(fromSpWallClock("2026-12-01")?.toISOString()).toBe("2026-12-01T03:00:00.000Z");
    // January 2018 was summer time in São Paulo (UTC-2).
    expect(fromSpWallClock("2018-01-15T09:00")?.toISOString()).toBe("2018-01-15T11:00:00.000Z");
    expect(toSpWallClock(new Date("2026-12-01T12:00:00Z"))).toBe("2026-12-01T09:00");
    expect(spDateTimeText(new Date("2026-12-01T12:05:00Z"))).toBe("01/12/2026 às 09:05");
    for (const bad of ["2026-02-30", "2026-12-01T24:00", "01/12/2026", "", "2026-12-01T09:00Z"])
      expect(fromSpWallClock(bad), bad).toBeNull();
  });
});

describe("campaign schedule", () => {
  const wheel = {
    startsAt: new Date("2026-12-01T03:00:00Z"), // 01/12 00:00 in São Paulo
    endsAt: new Date("2026-12-31T03:00:00Z"),
    replayAfterDays: 7,
    createdAt: new Date("2026-11-20T12:00:00Z"),
  };

  it("says whether the campaign is scheduled, open or ended", () => {
    expect(campaignStatus(wheel, new Date("2026-11-30T12:00:00Z"))).toBe("scheduled");
    expect(campaignStatus(wheel, new Date("2026-12-10T12:00:00Z"))).toBe("open");
    expect(campaignStatus(wheel, new Date("2026-12-31T03:00:00Z"))).toBe("ended");
    expect(campaignStatus({ startsAt: null, endsAt: null }, new Date())).toBe("open");
  });

  it("counts windows in São Paulo days from the start, and knows when the next one opens", () => {
    expect(playWindow(wheel, new Date("2026-12-08T02:59:00Z"))).toBe(0); // 07/12 23:59 in São Paulo
    expect(playWindow(wheel, new Date("2026-12-08T03:00:00Z"))).toBe(1); // 08/12 00:00
    expect(nextPlayAt(wheel, new Date("2026-12-02T12:00:00Z"))?.toISOString()).toBe("2026-12-08T03:00:00.000Z");
    // The window after 29/12 would open on 05/01, after the end.
    expect(nextPlayAt(wheel, new Date("2026-12-30T12:00:00Z"))).toBeNull();
    const noReplay = { ...wheel, replayAfterDays: null };
    expect(playWindow(noReplay, new Date("2026-12-30T12:00:00Z"))).toBe(0);
    expect(nextPlayAt(noReplay, new Date("2026-12-30T12:00:00Z"))).toBeNull();
  });

  it("anchors the windows at the wheel's creation when it has no start", () => {
    const open = { ...wheel, startsAt: null, endsAt: null };
    expect(playWindow(open, new Date("2026-11-26T12:00:00Z"))).toBe(0);
    expect(playWindow(open, new Date("2026-11-27T12:00:00Z"))).toBe(1);
  });
});
