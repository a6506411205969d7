import { z } from 'zod';

/**
 * Brownies (PRODUCT-RULES.md, "Points"): one per giver per calendar day, never to oneself.
 * The calendar day is taken in the app's time zone (APP_TIME_ZONE, default America/New_York).
 * The texts are the spec's (section 8, Caucuses; successes under "other").
 */
export const DEFAULT_APP_TIME_ZONE = 'America/New_York';

export const BROWNIE_MESSAGES = {
  /** The disabled button's tooltip. */
  alreadyGaveToday: 'You already gave a brownie today',
  dailyLimit: 'Daily limit reached: You can only give one brownie per day. Try again tomorrow!',
  notToSelf: 'Invalid action: You cannot give a brownie to yourself.',
  failed: 'Failed to give brownie. Please try again.',
  awardedTitle: 'Brownie Awarded!',
  awardedDescription: "You've successfully awarded a brownie to this user.",
  receiverNotFound: 'Profile not found',
} as const;

export const giveBrownieSchema = z.object({
  receiverId: z.uuid({ error: BROWNIE_MESSAGES.receiverNotFound }),
});
export type GiveBrownieInput = z.infer<typeof giveBrownieSchema>;

/** The answer of POST /api/brownies. */
export const brownieGivenSchema = z.object({
  receiverId: z.string(),
  /** The calendar day it counts for (YYYY-MM-DD, in the app's time zone). */
  givenOn: z.string(),
  /** The receiver's Brownies after this one. */
  receiverBrownies: z.number().int(),
  /** Brownie-in-a-day badges the receiver earned with it (Hugger, Life of the Party, …). */
  badgesEarned: z.array(z.string()),
});
export type BrownieGiven = z.infer<typeof brownieGivenSchema>;

/** The answer of GET /api/brownies/today: whether the viewer already gave today, and to whom. */
export const brownieTodaySchema = z.object({
  /** Today (YYYY-MM-DD, in the app's time zone). */
  givenOn: z.string(),
  given: z.boolean(),
  receiverId: z.string().nullable(),
});
export type BrownieToday = z.infer<typeof brownieTodaySchema>;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day (YYYY-MM-DD) of an instant in a time zone. Intl applies the zone's rules,
 * daylight-saving changes included, so a day is whatever the wall clock there says.
 */
export function calendarDayIn(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', calendar: 'gregory', numberingSystem: 'latn' });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Why a brownie cannot be given, before asking the database; null when it may be tried. */
export function brownieRefusal(giverId: string, receiverId: string): typeof BROWNIE_MESSAGES.notToSelf | null {
  return giverId === receiverId ? BROWNIE_MESSAGES.notToSelf : null;
}
