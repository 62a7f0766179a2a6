// A campaign's calendar: whether it is open, the play window a spin falls in, and when a visitor
// may play again. Windows are counted in São Paulo days from the period's start (or, with no
// start, the wheel's creation): with replay_after_days = 7, days 0-6 are window 0, 7-13 window 1.
import { spDayNumber, spDayStart } from "@/lib/dates/sao-paulo-day";

export type CampaignStatus = "scheduled" | "open" | "ended";

export interface Schedule {
  startsAt: Date | null;
  endsAt: Date | null;
  replayAfterDays: number | null;
  createdAt: Date;
}

export function campaignStatus(s: Pick<Schedule, "startsAt" | "endsAt">, now = new Date()): CampaignStatus {
  if (s.startsAt && now < s.startsAt) return "scheduled";
  if (s.endsAt && now >= s.endsAt) return "ended";
  return "open";
}

const anchorDay = (s: Schedule) => spDayNumber(s.startsAt ?? s.createdAt);

/** The play window of an instant; 0 for a wheel without replays (one play per WhatsApp, ever). */
export function playWindow(s: Schedule, now = new Date()): number {
  if (!s.replayAfterDays) return 0;
  return Math.max(0, Math.floor((spDayNumber(now) - anchorDay(s)) / s.replayAfterDays));
}

/** Where the next window begins (00:00 in São Paulo), or null when there is none before the end. */
export function nextPlayAt(s: Schedule, now = new Date()): Date | null {
  if (!s.replayAfterDays) return null;
  const next = spDayStart(anchorDay(s) + (playWindow(s, now) + 1) * s.replayAfterDays);
  return s.endsAt && next >= s.endsAt ? null : next;
}
