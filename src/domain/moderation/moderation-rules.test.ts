import { describe, expect, it } from 'vitest';
import { translateMessage } from '../i18n/translate-message';
import {
  compareQueueItems,
  HIDE_THRESHOLD,
  hidesItem,
  isSuspended,
  MODERATION_MESSAGES,
  moderationActionSchema,
  reportSchema,
  stateAfterAction,
  suspensionEnd,
  suspensionMessage,
  type ModerationAction,
  type ModerationState,
  type QueueOrderKeys,
} from './moderation-rules';

describe('hidesItem', () => {
  it.each([
    ['open', HIDE_THRESHOLD - 1, false],
    ['open', HIDE_THRESHOLD, true],
    // Only the report that reaches the threshold hides: the fourth finds it hidden already.
    ['open', HIDE_THRESHOLD + 1, false],
    ['hidden', HIDE_THRESHOLD, false],
    ['restored', HIDE_THRESHOLD, false],
    ['dismissed', HIDE_THRESHOLD, false],
    ['deleted', HIDE_THRESHOLD, false],
  ] as Array<[ModerationState, number, boolean]>)('%s with %i counted reports → %s', (state, count, hides) => {
    expect(hidesItem(state, count)).toBe(hides);
  });
});

describe('compareQueueItems (the moderation queue order)', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
  const item = (state: ModerationState, countedReports: number, openReports: number, minute: number): QueueOrderKeys => ({ state, countedReports, openReports, lastReportedAt: at(minute) });
  it.each([
    ['a hidden item before a newer open one', item('hidden', 3, 3, 0), item('open', 1, 1, 59)],
    ['a hidden item before an open one with more reporters', item('hidden', 0, 1, 0), item('open', 2, 9, 59)],
    ['more verified reporters first', item('open', 2, 2, 0), item('open', 1, 5, 59)],
    ['then more reporters', item('open', 1, 3, 0), item('open', 1, 2, 59)],
    ['then the latest report', item('open', 1, 2, 30), item('open', 1, 2, 10)],
    ['hidden items among themselves by verified reporters', item('hidden', 3, 3, 0), item('hidden', 0, 1, 59)],
  ] as Array<[string, QueueOrderKeys, QueueOrderKeys]>)('%s', (_name, first, second) => {
    expect(compareQueueItems(first, second)).toBeLessThan(0);
    expect(compareQueueItems(second, first)).toBeGreaterThan(0);
    expect([second, first].sort(compareQueueItems)).toEqual([first, second]);
  });

  it('puts an item hidden by three verified reporters above 22 newer single reports', () => {
    const singles = Array.from({ length: 22 }, (_, i) => item('open', 1, 1, 10 + i));
    const hidden = item('hidden', 3, 3, 0);
    expect([...singles, hidden].sort(compareQueueItems)[0]).toBe(hidden);
  });

  it('keeps equal keys equal', () => {
    expect(compareQueueItems(item('open', 1, 1, 5), item('open', 1, 1, 5))).toBe(0);
  });
});

describe('stateAfterAction', () => {
  it.each([
    ['dismiss', 'open', 'dismissed'],
    ['dismiss', 'hidden', 'restored'],
    ['hide', 'open', 'hidden'],
    ['restore', 'hidden', 'restored'],
    ['delete', 'hidden', 'deleted'],
    ['warn', 'hidden', 'hidden'],
    ['suspend', 'open', 'open'],
  ] as Array<[ModerationAction, ModerationState, ModerationState]>)('%s on %s → %s', (action, from, to) => {
    expect(stateAfterAction(action, from)).toBe(to);
  });
});

describe('isSuspended', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it.each([
    [null, false],
    [undefined, false],
    [new Date('2026-11-25T11:59:59Z'), false],
    [new Date('2026-11-25T12:00:00Z'), false],
    [new Date('2026-11-25T12:00:01Z'), true],
  ])('until %s → %s', (until, suspended) => {
    expect(isSuspended(until, now)).toBe(suspended);
  });
});

describe('suspension words', () => {
  it('names the end date and the reason', () => {
    const end = suspensionEnd(new Date('2026-11-25T12:00:00Z'), 7);
    expect(end.toISOString()).toBe('2026-12-02T12:00:00.000Z');
    expect(suspensionMessage(end, 'Spam in three chats')).toBe('Your account is suspended until December 2, 2026 at 12:00 PM: Spam in three chats. You can still sign in and read.');
    expect(suspensionMessage(end, null)).toBe('Your account is suspended until December 2, 2026 at 12:00 PM. You can still sign in and read.');
  });

  it('ends the sentence with one full stop after a Spanish time ("p.m."), in English and in Spanish', () => {
    const end = new Date('2026-12-02T21:36:00Z');
    const english = suspensionMessage(end, null, 'America/New_York', 'es-US');
    expect(english).toBe('Your account is suspended until 2 de diciembre de 2026 a las 4:36 p.m. You can still sign in and read.');
    expect(translateMessage('es', english)).toBe('Tu cuenta está suspendida hasta el 2 de diciembre de 2026 a las 4:36 p.m. Todavía puedes iniciar sesión y leer.');
    expect(translateMessage('es', suspensionMessage(end, 'Spam.', 'America/New_York', 'es-US'))).toBe(
      'Tu cuenta está suspendida hasta el 2 de diciembre de 2026 a las 4:36 p.m.: Spam. Todavía puedes iniciar sesión y leer.',
    );
  });
});

describe('reportSchema', () => {
  const valid = { itemKind: 'chat_message', itemId: '12', reason: 'spam' };
  it.each([
    [valid, null],
    [{ ...valid, note: 'Posted the same link ten times' }, null],
    [{ ...valid, reason: 'boring' }, MODERATION_MESSAGES.chooseReason],
    [{ ...valid, reason: undefined }, MODERATION_MESSAGES.chooseReason],
    [{ ...valid, itemKind: 'vote' }, MODERATION_MESSAGES.chooseItem],
    [{ ...valid, itemId: '  ' }, MODERATION_MESSAGES.chooseItem],
    [{ ...valid, note: 'x'.repeat(501) }, MODERATION_MESSAGES.noteTooLong],
    [{ ...valid, note: 'bad\u0000byte' }, 'Remove the control characters from this text.'],
  ])('%o → %s', (input, error) => {
    const parsed = reportSchema.safeParse(input);
    if (error === null) expect(parsed.success).toBe(true);
    else expect(parsed.error?.issues[0]?.message).toBe(error);
  });
});

describe('moderationActionSchema', () => {
  it.each([
    [{ action: 'hide', reason: 'Insults' }, null],
    [{ action: 'suspend', reason: 'Spam', days: 7 }, null],
    [{ action: 'suspend', reason: 'Spam', days: 0 }, MODERATION_MESSAGES.suspensionDays],
    [{ action: 'suspend', reason: 'Spam', days: 366 }, MODERATION_MESSAGES.suspensionDays],
    [{ action: 'ban', reason: 'Spam' }, MODERATION_MESSAGES.actionUnknown],
    [{ action: 'hide', reason: '   ' }, MODERATION_MESSAGES.reasonRequired],
    [{ action: 'hide' }, MODERATION_MESSAGES.reasonRequired],
  ])('%o → %s', (input, error) => {
    const parsed = moderationActionSchema.safeParse(input);
    if (error === null) expect(parsed.success).toBe(true);
    else expect(parsed.error?.issues[0]?.message).toBe(error);
  });
});
