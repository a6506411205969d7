import { describe, expect, it } from 'vitest';
import { MESSAGE_ERRORS, PRIVATE_MESSAGE_MAX, conversationCursor, parseConversationCursor, sendPrivateMessageSchema } from './messages';
import { UNREAD_COUNT_CAP, unreadLabel } from './unread-count';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);
const someone = '7b0e9c5e-8f6a-4f0e-9d1c-2a3b4c5d6e7f';

describe('private message input (spec section 5: non-empty after trimming, a recipient required)', () => {
  it.each<[string, unknown, string | null]>([
    ['a message to someone', { recipientId: someone, message: 'Hello' }, null],
    ['empty', { recipientId: someone, message: '' }, MESSAGE_ERRORS.empty],
    ['only whitespace', { recipientId: someone, message: ' \n\t ' }, MESSAGE_ERRORS.empty],
    ['no message at all', { recipientId: someone }, MESSAGE_ERRORS.empty],
    ['to nobody', { message: 'Hello' }, MESSAGE_ERRORS.recipientRequired],
    ['to an empty recipient', { recipientId: '', message: 'Hello' }, MESSAGE_ERRORS.recipientRequired],
    ['to something that is not an id', { recipientId: 'bob', message: 'Hello' }, MESSAGE_ERRORS.recipientRequired],
    [`${PRIVATE_MESSAGE_MAX} characters`, { recipientId: someone, message: 'x'.repeat(PRIVATE_MESSAGE_MAX) }, null],
    [`${PRIVATE_MESSAGE_MAX + 1} characters`, { recipientId: someone, message: 'x'.repeat(PRIVATE_MESSAGE_MAX + 1) }, MESSAGE_ERRORS.tooLong],
    ['spaces around the limit are trimmed first', { recipientId: someone, message: `  ${'x'.repeat(PRIVATE_MESSAGE_MAX)}  ` }, null],
  ])('%s', (_name, input, message) => {
    expect(first(sendPrivateMessageSchema.safeParse(input))).toBe(message);
  });

  it('keeps the trimmed text', () => {
    expect(sendPrivateMessageSchema.parse({ recipientId: someone, message: '  hi there \n' }).message).toBe('hi there');
  });

  it('says the limit in its message', () => {
    expect(MESSAGE_ERRORS.tooLong).toBe('Messages can be at most 2,000 characters');
  });
});

describe('unread label', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [UNREAD_COUNT_CAP - 1, '99'],
    [UNREAD_COUNT_CAP, '99+'],
  ])('%i reads %s', (count, label) => {
    expect(unreadLabel(count)).toBe(label);
  });
});

describe('conversation cursor', () => {
  it('round-trips, microseconds included', () => {
    const cursor = conversationCursor('2030-01-02T03:04:05.123456Z', someone);
    expect(parseConversationCursor(cursor)).toEqual({ at: '2030-01-02T03:04:05.123456Z', partnerId: someone });
  });
  it.each(['', 'garbage', `yesterday_${someone}`, '2030-01-02T03:04:05Z_nobody', `2030-13-45T03:04:05Z_${someone}`, `2030-01-02 03:04:05_${someone}`])(
    '%j is not a cursor',
    (cursor) => {
      expect(parseConversationCursor(cursor)).toBeNull();
    },
  );
});
