import { eq, sql } from 'drizzle-orm';
import { RECORD_FORMAT, type ElectionRecordFile, type RecordEntry, type RecordKind } from '../../../domain/caucuses/election-record';
import { FORMER_MEMBER_NAME } from '../../../domain/profiles/profile-types';
import type { Db } from '../../db/client';
import { caucuses } from '../../db/schema/caucuses';
import { forbidden, notFound } from '../../http/app-error';
import { CAUCUS_ERRORS } from './caucuses.service';

/**
 * A caucus's election record (issue 14), as its members and the public read it. The database
 * writes it (migration 0019's triggers); this only reads. Members (voting or organizing) read it
 * at any time with names; once the election is finalized anyone may download it, with each
 * person as the record's pseudonym only.
 */
export const RECORD_MESSAGES = {
  membersOnly: 'The election record of a caucus is open to its members until the election is finalized.',
} as const;

export async function readElectionRecord({ db }: { db: Db }, caucusId: string, viewerId: string | null): Promise<ElectionRecordFile & { viewerIsMember: boolean }> {
  const [caucus] = await db
    .select({
      id: caucuses.id,
      name: caucuses.name,
      level: caucuses.level,
      state: caucuses.state,
      district: caucuses.district,
      finalizedAt: caucuses.finalizedAt,
      electionFinalized: caucuses.electionFinalized,
      requiredVotingMembers: caucuses.requiredVotingMembers,
      delegateRef: sql<string | null>`election_record_ref(${caucuses.recordSalt}, ${caucuses.electedDelegateId})`,
      delegateName: sql<string | null>`(select case when u.deleted_at is null then u.name else ${FORMER_MEMBER_NAME} end from users u where u.id = ${caucuses.electedDelegateId})`,
      viewerIsMember: viewerId
        ? sql<boolean>`(${caucuses.organizerId} = ${viewerId} or exists (select 1 from caucus_members m where m.caucus_id = ${caucuses.id} and m.user_id = ${viewerId}))`
        : sql<boolean>`false`,
    })
    .from(caucuses)
    .where(eq(caucuses.id, caucusId));
  if (!caucus) throw notFound(CAUCUS_ERRORS.notFound);
  const member = caucus.viewerIsMember === true;
  if (!member && !caucus.electionFinalized) throw forbidden('record_members_only', RECORD_MESSAGES.membersOnly);

  type Row = {
    seq: number;
    kind: RecordKind;
    actor_ref: string | null;
    subject_ref: string | null;
    detail: string | null;
    occurred_at: string;
    prev_hash: string;
    hash: string;
    actor_name: string | null;
    subject_name: string | null;
  };
  // One range of the primary key; names (for members) by two index probes per entry.
  const rows = (
    await db.execute<Row>(sql`
      select r.seq, r.kind, r.actor_ref, r.subject_ref, r.detail, r.occurred_at, r.prev_hash, r.hash,
        ${member ? sql`(select case when u.deleted_at is null then u.name else ${FORMER_MEMBER_NAME} end from users u where u.id = r.actor_id)` : sql`null`} as actor_name,
        ${member ? sql`(select case when u.deleted_at is null then u.name else ${FORMER_MEMBER_NAME} end from users u where u.id = r.subject_id)` : sql`null`} as subject_name
      from election_records r where r.caucus_id = ${caucusId} order by r.seq`)
  ).rows;
  const entries: RecordEntry[] = rows.map((r) => ({
    seq: r.seq,
    kind: r.kind,
    actor: r.actor_ref,
    subject: r.subject_ref,
    detail: r.detail,
    occurredAt: r.occurred_at,
    prevHash: r.prev_hash,
    hash: r.hash,
    ...(member ? { actorName: r.actor_ref ? (r.actor_name ?? FORMER_MEMBER_NAME) : null, subjectName: r.subject_ref ? (r.subject_name ?? FORMER_MEMBER_NAME) : null } : {}),
  }));
  return {
    format: RECORD_FORMAT,
    caucus: {
      id: caucus.id,
      name: caucus.name,
      level: caucus.level,
      state: caucus.state,
      district: caucus.district,
      finalizedAt: caucus.finalizedAt?.toISOString() ?? null,
      delegate: caucus.delegateRef ? { ref: caucus.delegateRef, ...(member ? { name: caucus.delegateName } : {}) } : null,
      requiredVotingMembers: caucus.requiredVotingMembers,
    },
    entries,
    viewerIsMember: member,
  };
}
