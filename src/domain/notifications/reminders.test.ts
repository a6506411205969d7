import { describe, expect, it } from 'vitest';
import { INVITATION_REMINDER_DAYS, VOTE_REMINDER_DAYS, newestRemindable, oldestRemindable, reminderDue } from './reminders';

const start = new Date('2026-11-01T12:00:00Z');
const after = (days: number) => new Date(start.getTime() + Math.round(days * 86_400_000));

describe('reminderDue', () => {
  it.each([
    ['invitation, 1 day, none sent', INVITATION_REMINDER_DAYS, 1, 0, { due: false, count: 0 }],
    ['invitation, a second short of 2 days', INVITATION_REMINDER_DAYS, 2 - 1 / 86_400, 0, { due: false, count: 0 }],
    ['invitation, 2 days, none sent', INVITATION_REMINDER_DAYS, 2, 0, { due: true, count: 1 }],
    ['invitation, 3 days, one sent', INVITATION_REMINDER_DAYS, 3, 1, { due: false, count: 1 }],
    ['invitation, 6 days, one sent', INVITATION_REMINDER_DAYS, 6, 1, { due: true, count: 2 }],
    ['invitation, 30 days, two sent', INVITATION_REMINDER_DAYS, 30, 2, { due: false, count: 2 }],
    ['invitation, 7 days, none sent (the app was down): one reminder for both steps', INVITATION_REMINDER_DAYS, 7, 0, { due: true, count: 2 }],
    ['vote, 2 days, none sent', VOTE_REMINDER_DAYS, 2, 0, { due: true, count: 1 }],
    ['vote, 4 days, one sent', VOTE_REMINDER_DAYS, 4, 1, { due: false, count: 1 }],
    ['vote, 5 days, one sent', VOTE_REMINDER_DAYS, 5, 1, { due: true, count: 2 }],
    ['vote, 9 days, two sent', VOTE_REMINDER_DAYS, 9, 2, { due: false, count: 2 }],
  ] as const)('%s', (_label, schedule, days, sent, expected) => {
    expect(reminderDue(start, sent, after(days), schedule)).toEqual(expected);
  });

  it('bounds what the job reads', () => {
    const now = after(10);
    expect(newestRemindable(now, INVITATION_REMINDER_DAYS)).toEqual(after(8));
    expect(oldestRemindable(now, INVITATION_REMINDER_DAYS)).toEqual(after(-3));
  });
});
