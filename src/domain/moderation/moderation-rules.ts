import { z } from 'zod';
import { singleFullStop } from '../i18n/full-stop';
import { multiLineText } from '../text/text-schema';

/**
 * Trust and safety (issue 14): what can be reported, why, when reports hide an item, and what a
 * suspension means. Pure rules; the server enforces them in one transaction per report.
 */

/** Everything a person can report, as the report names it. */
export const REPORT_ITEM_KINDS = [
  'profile',
  'private_message',
  'chat_message',
  'challenge_chat_message',
  'debate',
  'debate_response',
  'debate_rebuttal',
  'debate_defense',
  'caucus',
] as const;
export type ReportItemKind = (typeof REPORT_ITEM_KINDS)[number];

export const REPORT_ITEM_LABELS: Record<ReportItemKind, string> = {
  profile: 'profile',
  private_message: 'private message',
  chat_message: 'caucus chat message',
  challenge_chat_message: 'challenge chat message',
  debate: 'debate',
  debate_response: 'debate response',
  debate_rebuttal: 'debate rebuttal',
  debate_defense: 'debate defense',
  caucus: 'caucus',
};

/** The short fixed list of reasons a report gives. */
export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'threat', 'impersonation', 'misinformation', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech',
  threat: 'Threats or violence',
  impersonation: 'Impersonation',
  misinformation: 'False information about voting',
  other: 'Something else',
};

/** Reports from this many distinct verified users hide an item at once, pending review. */
export const HIDE_THRESHOLD = 3;
export const REPORT_NOTE_MAX = 500;
/** Reports one person may file per hour. */
export const REPORTS_PER_HOUR = 20;
export const MODERATION_REASON_MAX = 500;
export const SUSPENSION_MAX_DAYS = 365;

export const MODERATION_MESSAGES = {
  chooseReason: 'Choose a reason for the report.',
  chooseItem: 'Choose what to report.',
  noteTooLong: `Keep the note under ${REPORT_NOTE_MAX} characters.`,
  itemNotFound: 'There is nothing to report here.',
  notYourself: 'You cannot report yourself.',
  alreadyReported: 'You already reported this.',
  reported: 'Thank you. An administrator will review your report.',
  blockYourself: 'You cannot block yourself.',
  userNotFound: 'User not found',
  blocked: 'You cannot send this to this person.',
  youBlocked: 'You blocked this person: unblock them on the Blocked people page to send this.',
  notBlocked: 'You have not blocked this person.',
  reasonRequired: 'Give a reason: the author and the admin log will read it.',
  reasonTooLong: `Keep the reason under ${MODERATION_REASON_MAX} characters.`,
  suspensionDays: `Choose a suspension from 1 to ${SUSPENSION_MAX_DAYS} days.`,
  actionUnknown: 'Choose dismiss, hide, restore, delete, warn or suspend.',
  notAdministrator: 'Only administrators can moderate.',
  cannotSuspendAdmin: 'An administrator cannot be suspended.',
} as const;

/** Placeholder shown to others in place of hidden content. */
export const HIDDEN_PLACEHOLDER = 'This content is hidden pending review.';
/** A hidden caucus's name for everyone outside it. */
export const HIDDEN_CAUCUS_NAME = 'Caucus hidden pending review';
/** What the author of hidden content sees beside it. */
export const HIDDEN_FOR_AUTHOR = 'hidden pending review';
/** Where a chat line of a blocked person stood. */
export const BLOCKED_LINE = 'A message from someone you blocked is hidden.';

export const reportSchema = z.object({
  itemKind: z.enum(REPORT_ITEM_KINDS, { error: MODERATION_MESSAGES.chooseItem }),
  itemId: z.string({ error: MODERATION_MESSAGES.chooseItem }).trim().min(1, { error: MODERATION_MESSAGES.chooseItem }).max(100, { error: MODERATION_MESSAGES.chooseItem }),
  reason: z.enum(REPORT_REASONS, { error: MODERATION_MESSAGES.chooseReason }),
  note: multiLineText({ error: MODERATION_MESSAGES.noteTooLong }).max(REPORT_NOTE_MAX, { error: MODERATION_MESSAGES.noteTooLong }).optional(),
});
export type ReportInput = z.infer<typeof reportSchema>;

export const MODERATION_ACTIONS = ['dismiss', 'hide', 'restore', 'delete', 'warn', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

const reasonText = multiLineText({ error: MODERATION_MESSAGES.reasonRequired })
  .trim()
  .min(1, { error: MODERATION_MESSAGES.reasonRequired })
  .max(MODERATION_REASON_MAX, { error: MODERATION_MESSAGES.reasonTooLong });

export const moderationActionSchema = z.object({
  action: z.enum(MODERATION_ACTIONS, { error: MODERATION_MESSAGES.actionUnknown }),
  reason: reasonText,
  /** Only for 'suspend'. */
  days: z.number({ error: MODERATION_MESSAGES.suspensionDays }).int({ error: MODERATION_MESSAGES.suspensionDays }).min(1, { error: MODERATION_MESSAGES.suspensionDays }).max(SUSPENSION_MAX_DAYS, { error: MODERATION_MESSAGES.suspensionDays }).optional(),
});
export type ModerationActionInput = z.infer<typeof moderationActionSchema>;

export const suspendUserSchema = z.object({
  reason: reasonText,
  days: z.number({ error: MODERATION_MESSAGES.suspensionDays }).int({ error: MODERATION_MESSAGES.suspensionDays }).min(1, { error: MODERATION_MESSAGES.suspensionDays }).max(SUSPENSION_MAX_DAYS, { error: MODERATION_MESSAGES.suspensionDays }),
});

/** The state of a reported item: open (reports waiting), hidden (by reports or an admin), or settled. */
export const MODERATION_STATES = ['open', 'hidden', 'dismissed', 'restored', 'deleted'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

/**
 * What a new counted report does to an item: it hides the item when it is the report that brings
 * the count of distinct verified reporters to the threshold and the item is still open. A
 * restored or dismissed item is not hidden again by the same reports; only new ones after the
 * review count (the server counts reports made after `reviewedAt`).
 */
export function hidesItem(state: ModerationState, countedReports: number): boolean {
  return state === 'open' && countedReports === HIDE_THRESHOLD;
}

/** What the moderation queue is sorted by (issue 29). */
export interface QueueOrderKeys {
  state: ModerationState;
  /** Distinct verified reporters since the last review (the ones that hide an item). */
  countedReports: number;
  /** Reporters since the last review (one report per person and item). */
  openReports: number;
  lastReportedAt: Date;
}

/**
 * The moderation queue's order: hidden items first (they are out of sight until someone
 * decides), then the most verified reporters, then the most reporters, then the latest report.
 * An item hidden by three verified reporters therefore comes before any number of newer single
 * reports. The queue's SQL sorts by the same keys, read in order from
 * moderation_items_queue_order_idx: `(state = 'hidden') desc, counted_reports desc,
 * open_reports desc, last_reported_at desc`.
 */
export function compareQueueItems(a: QueueOrderKeys, b: QueueOrderKeys): number {
  const hidden = Number(b.state === 'hidden') - Number(a.state === 'hidden');
  return hidden || b.countedReports - a.countedReports || b.openReports - a.openReports || b.lastReportedAt.getTime() - a.lastReportedAt.getTime();
}

/** What an administrator's action makes of an item. */
export function stateAfterAction(action: ModerationAction, current: ModerationState): ModerationState {
  switch (action) {
    case 'dismiss':
      return current === 'hidden' ? 'restored' : 'dismissed';
    case 'hide':
      return 'hidden';
    case 'restore':
      return 'restored';
    case 'delete':
      return 'deleted';
    case 'warn':
    case 'suspend':
      // A warning or a suspension is about the author; the item stays as it is.
      return current;
  }
}

/** Whether the user is suspended at `now`. */
export function isSuspended(suspendedUntil: Date | null | undefined, now: Date): boolean {
  return suspendedUntil != null && suspendedUntil.getTime() > now.getTime();
}

/**
 * The 403 a suspended user gets for every write: the spec's English sentence, with the date
 * written as `locale` writes it (the sentence itself is translated at the edge, issue 15).
 */
export function suspensionMessage(until: Date, reason: string | null, timeZone = 'UTC', locale = 'en-US'): string {
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(until);
  return singleFullStop(`Your account is suspended until ${date}${reason ? `: ${reason}` : ''}. You can still sign in and read.`);
}

/** The end of a suspension of `days` days starting at `now`. */
export function suspensionEnd(now: Date, days: number): Date {
  return new Date(now.getTime() + days * 86_400_000);
}

/**
 * A chat line as `viewerId` may read it: hidden content only for its author (others get an
 * empty message and the placeholder), nothing of an author the viewer blocked.
 */
export function chatLineFor<T extends { userId: string; message: string; hidden: boolean; blocked: boolean }>(view: T, viewerId: string, viewerBlockedAuthor: boolean): T {
  if (viewerBlockedAuthor && view.userId !== viewerId) return { ...view, message: '', blocked: true };
  if (view.hidden && view.userId !== viewerId) return { ...view, message: '' };
  return view;
}
