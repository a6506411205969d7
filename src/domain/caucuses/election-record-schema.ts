import { z } from 'zod';
import { RECORD_FORMAT, RECORD_KINDS } from './election-record';

/**
 * The election record's JSON (GET /api/caucuses/:id/record, issue 14) as /api/openapi.json
 * documents it (issue 17); election-record.ts re-exports the inferred types.
 */

export const recordEntrySchema = z.object({
  seq: z.number().int(),
  kind: z.enum(RECORD_KINDS),
  /** Pseudonym of who acted (null for 'finalized', and for 'created' without an organizer). */
  actor: z.string().nullable(),
  /** Pseudonym of the candidate ('vote'; null: the vote was withdrawn) or the Delegate ('finalized'). */
  subject: z.string().nullable(),
  /** The level ('created'), the required voting members ('finalized'). */
  detail: z.string().nullable(),
  occurredAt: z.string(),
  prevHash: z.string(),
  hash: z.string(),
  /** Names, only in a member's download. */
  actorName: z.string().nullable().optional(),
  subjectName: z.string().nullable().optional(),
});
export type RecordEntry = z.infer<typeof recordEntrySchema>;

export const electionRecordFileSchema = z.object({
  format: z.literal(RECORD_FORMAT),
  caucus: z.object({
    id: z.string(),
    name: z.string(),
    level: z.number().int(),
    state: z.string(),
    district: z.number().int(),
    finalizedAt: z.string().nullable(),
    /** The Delegate's pseudonym (and name in a member's download) as the caucus states it. */
    delegate: z.object({ ref: z.string(), name: z.string().nullable().optional() }).nullable(),
    requiredVotingMembers: z.number().int(),
  }),
  entries: z.array(recordEntrySchema),
});
export type ElectionRecordFile = z.infer<typeof electionRecordFileSchema>;
