/**
 * When reminders go out (issue 13): an invitation not acted on is recalled after 2 and 6 days,
 * a missing vote after 2 and 5 days from the moment the caucus filled; then never again. Pure
 * functions, so the job and the tests agree on every boundary.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export const INVITATION_REMINDER_DAYS: readonly number[] = [2, 6];
export const VOTE_REMINDER_DAYS: readonly number[] = [2, 5];

/**
 * How many reminders should have gone out by `now` for something that started at `since`
 * (`schedule`: days after it), and whether one is due now given the `sent` count. After a
 * pause (the app was down for a week) one reminder goes out and counts for every step passed:
 * nobody gets two at once.
 */
export function reminderDue(since: Date, sent: number, now: Date, schedule: readonly number[]): { due: boolean; count: number } {
  const passed = schedule.filter((days) => now.getTime() - since.getTime() >= days * DAY_MS).length;
  return passed > sent ? { due: true, count: passed } : { due: false, count: sent };
}

/** The earliest start that can still be due for a reminder at `now` (the job reads nothing older). */
export function oldestRemindable(now: Date, schedule: readonly number[]): Date {
  return new Date(now.getTime() - (Math.max(...schedule) + 7) * DAY_MS);
}

/** The newest start that may be due at `now` (nothing younger than the first step is). */
export function newestRemindable(now: Date, schedule: readonly number[]): Date {
  return new Date(now.getTime() - Math.min(...schedule) * DAY_MS);
}
