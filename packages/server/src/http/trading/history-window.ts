/** The widest window order history answers (reference §5.8). */
export const HISTORY_WINDOW_DAYS = 31;

const DAY_SECONDS = 86_400;

/** `months` calendar months before `ms` (Unix milliseconds, UTC), the day cut to the month's last one. */
function monthsBefore(ms: number, months: number): Date {
  const d = new Date(ms);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  target.setUTCHours(d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), 0);
  return target;
}

export type HistoryWindow = { readonly start: number; readonly end: number } | { readonly tooWide: true };

/**
 * The whole seconds order history looks between, as reference §5.8 describes the deployed service:
 * `endDate` defaults to now and is clamped to it, `startDate` defaults to one month before the end and
 * reaches back no further than six months (from 00:00 UTC), and the two may be at most 31 days apart.
 * `startDate` / `endDate` of 0 are absent.
 */
export function historyWindow(nowMs: number, startDate: number, endDate: number): HistoryWindow {
  const now = Math.floor(nowMs / 1000);
  const end = endDate > 0 ? Math.min(endDate, now) : now;
  const start = startDate > 0 ? startDate : Math.floor(monthsBefore(end * 1000, 1).getTime() / 1000);
  const earliestDay = monthsBefore(nowMs, 6);
  earliestDay.setUTCHours(0, 0, 0, 0);
  const from = Math.max(start, Math.floor(earliestDay.getTime() / 1000));
  if (end - from > HISTORY_WINDOW_DAYS * DAY_SECONDS) return { tooWide: true };
  return { start: from, end };
}
