import { z } from 'zod';
import { MODERATION_STATES, REPORT_ITEM_KINDS } from './moderation-rules';

/**
 * What the API sends about trust and safety (issue 14), shared by server and web (issue 17): the
 * schemas are what /api/openapi.json documents; the types are inferred from them (one source).
 */

export const blockedPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;

export const blockResultSchema = z.object({
  blocked: z.literal(true),
  /** Caucuses both people are members of: blocking changes nothing there (the page says so). */
  sharedCaucuses: z.number().int(),
});
export type BlockResult = z.infer<typeof blockResultSchema>;

export const unblockResultSchema = z.object({ unblocked: z.literal(true) });
export type UnblockResult = z.infer<typeof unblockResultSchema>;

/** What filing a report did. */
export const reportResultSchema = z.object({
  reported: z.literal(true),
  /** This report hid the item (the third from distinct verified users). */
  hidden: z.boolean(),
});
export type ReportResult = z.infer<typeof reportResultSchema>;

/** POST /api/reports: the report's result with the thank-you the page shows. */
export const reportAnswerSchema = reportResultSchema.extend({ message: z.string() });
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;

export const moderationQueueItemSchema = z.object({
  itemKind: z.enum(REPORT_ITEM_KINDS),
  itemId: z.string(),
  itemLabel: z.string(),
  state: z.enum(MODERATION_STATES),
  hiddenByReports: z.boolean(),
  openReports: z.number().int(),
  countedReports: z.number().int(),
  lastReportedAt: z.string(),
  author: z.object({ id: z.string(), name: z.string(), suspendedUntil: z.string().nullable() }).nullable(),
  /** The item in context: its words, where it stands, and a link into the app when there is one. */
  context: z.object({ text: z.string(), where: z.string(), link: z.string().nullable() }),
  reports: z.array(
    z.object({
      id: z.string(),
      reporterName: z.string(),
      reason: z.string(),
      note: z.string().nullable(),
      counted: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});
export type ModerationQueueItem = z.infer<typeof moderationQueueItemSchema>;

/** What an administrator's decision about a reported item left it in. */
export const moderationDecisionSchema = z.object({ state: z.enum(MODERATION_STATES) });
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>;

/** A suspension's end (ISO). */
export const suspensionResultSchema = z.object({ until: z.string() });
export type SuspensionResult = z.infer<typeof suspensionResultSchema>;

export const liftSuspensionResultSchema = z.object({ lifted: z.literal(true) });
export type LiftSuspensionResult = z.infer<typeof liftSuspensionResultSchema>;

/** What an administrator sees of a person's standing on their profile (issue 29): whether they can be suspended, and until when they are. */
export const userStandingSchema = z
  .object({
    id: z.string(),
    /** An administrator cannot be suspended (nor suspend themselves). */
    isAdministrator: z.boolean(),
    /** Suspended until then (ISO), null when not suspended now. */
    suspendedUntil: z.string().nullable(),
    suspensionReason: z.string().nullable(),
  })
  .meta({ id: 'UserStanding' });
export type UserStanding = z.infer<typeof userStandingSchema>;

export const adminLogEntryViewSchema = z.object({
  id: z.number().int(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  action: z.string(),
  actionLabel: z.string(),
  targetKind: z.string().nullable(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AdminLogEntryView = z.infer<typeof adminLogEntryViewSchema>;

export const adminLogPageSchema = z.object({
  items: z.array(adminLogEntryViewSchema),
  nextCursor: z.string().nullable(),
});
export type AdminLogPage = z.infer<typeof adminLogPageSchema>;
