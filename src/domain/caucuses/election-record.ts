import type { ElectionRecordFile, RecordEntry } from './election-record-schema';

/**
 * A caucus's election record (issue 14): every join, leave, verification, vote and the
 * finalization, in order, each entry hash-chained to the one before. The database writes it
 * (triggers of migration 0019); anyone can check it with `checkElectionRecord` here, in the
 * browser (WebCrypto) or in Node (`npm run record:check`).
 *
 * An entry's hash is SHA-256 (hex) of
 *   caucusId|seq|kind|actor|subject|detail|occurredAt|prevHash
 * with a missing part as empty text; the first entry's prevHash is 64 zeros. People are
 * per-caucus pseudonyms ("V-" and 12 hex digits), the same in every download of the record.
 */

export const RECORD_KINDS = ['created', 'joined', 'left', 'verified', 'vote', 'finalized'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const GENESIS_HASH = '0'.repeat(64);
export const RECORD_FORMAT = 'caucus-election-record/1';

// The record's JSON (RecordEntry, ElectionRecordFile) is described by zod schemas in
// election-record-schema.ts (issue 17); this file stays free of zod for the browser's checker.
export type { ElectionRecordFile, RecordEntry };

/** The text an entry's hash covers. */
export function recordEntryText(caucusId: string, e: Pick<RecordEntry, 'seq' | 'kind' | 'actor' | 'subject' | 'detail' | 'occurredAt' | 'prevHash'>): string {
  return [caucusId, String(e.seq), e.kind, e.actor ?? '', e.subject ?? '', e.detail ?? '', e.occurredAt, e.prevHash].join('|');
}

export type Sha256Hex = (text: string) => Promise<string> | string;

export type RecordCheck =
  | { ok: true; entries: number; result: RecordResult }
  | { ok: false; entries: number; brokenAt: number; problem: string; result: RecordResult | null };

export interface RecordResult {
  /** The Delegate the record's votes elect (null: they elect nobody). */
  delegate: string | null;
  /** Voting members at the end of the record. */
  members: number;
  /** Whether the record says the election was finalized, and for whom. */
  finalizedFor: string | null;
  /** The votes agree with the finalization (true when the record is not finalized and elects nobody). */
  holds: boolean;
  summary: string;
}

/**
 * Recomputes the chain entry by entry and replays the election: who was a voting member, who
 * voted for whom, and whether the finalization names the one person every member voted for.
 * The first entry that does not hold is named by its sequence number.
 */
export async function checkElectionRecord(file: Pick<ElectionRecordFile, 'caucus' | 'entries'>, sha256Hex: Sha256Hex): Promise<RecordCheck> {
  const { entries } = file;
  let prev = GENESIS_HASH;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const broken = (problem: string): RecordCheck => ({ ok: false, entries: entries.length, brokenAt: i + 1, problem, result: null });
    if (e.seq !== i + 1) return broken(`entry ${i + 1} has sequence number ${String(e.seq)}: an entry is missing or out of order`);
    if (!(RECORD_KINDS as readonly string[]).includes(e.kind)) return broken(`entry ${e.seq} has an unknown kind "${String(e.kind)}"`);
    if (e.prevHash !== prev) return broken(`entry ${e.seq} does not follow entry ${e.seq - 1}: its previous hash differs`);
    const computed = await sha256Hex(recordEntryText(file.caucus.id, e));
    if (computed !== e.hash) return broken(`entry ${e.seq} was changed: its contents do not match its hash`);
    prev = e.hash;
  }
  const result = replayElection(file.caucus, entries);
  if (!result.holds) {
    const finalEntry = entries.find((e) => e.kind === 'finalized');
    return { ok: false, entries: entries.length, brokenAt: finalEntry?.seq ?? entries.length, problem: result.summary, result };
  }
  return { ok: true, entries: entries.length, result };
}

/** Who the record's votes elect, and whether that is what the caucus states. */
export function replayElection(caucus: Pick<ElectionRecordFile['caucus'], 'delegate' | 'finalizedAt'>, entries: readonly RecordEntry[]): RecordResult {
  const members = new Set<string>();
  const votes = new Map<string, string>();
  let finalizedFor: string | null = null;
  let agreedAtFinal: string | null = null;
  let membersAtFinal = 0;
  let requiredAtFinal = 0;
  for (const e of entries) {
    if (finalizedFor) break; // nothing after the finalization changes the result
    switch (e.kind) {
      case 'joined':
        if (e.actor) members.add(e.actor);
        break;
      case 'left':
        if (e.actor) {
          members.delete(e.actor);
          votes.delete(e.actor);
          for (const [voter, candidate] of votes) if (candidate === e.actor) votes.delete(voter);
        }
        break;
      case 'vote':
        if (e.actor && e.subject) votes.set(e.actor, e.subject);
        else if (e.actor) votes.delete(e.actor);
        break;
      case 'finalized':
        finalizedFor = e.subject;
        agreedAtFinal = unanimousChoice(members, votes);
        membersAtFinal = members.size;
        requiredAtFinal = Number(e.detail ?? '0');
        break;
      default:
        break;
    }
  }
  if (finalizedFor) {
    const stated = caucus.delegate?.ref ?? null;
    if (agreedAtFinal !== finalizedFor) {
      return { delegate: agreedAtFinal, members: membersAtFinal, finalizedFor, holds: false, summary: `The record finalizes the election for ${finalizedFor}, but its votes do not all name that person.` };
    }
    if (membersAtFinal < requiredAtFinal) {
      return { delegate: agreedAtFinal, members: membersAtFinal, finalizedFor, holds: false, summary: `The record finalizes the election with ${membersAtFinal} voting members of the ${requiredAtFinal} required.` };
    }
    if (stated !== finalizedFor) {
      return { delegate: agreedAtFinal, members: membersAtFinal, finalizedFor, holds: false, summary: `The caucus names ${stated ?? 'no one'} as its Delegate, but the record finalizes for ${finalizedFor}.` };
    }
    return { delegate: agreedAtFinal, members: membersAtFinal, finalizedFor, holds: true, summary: `All ${membersAtFinal} voting members voted for ${finalizedFor}: the result holds.` };
  }
  const agreed = unanimousChoice(members, votes);
  if (caucus.delegate || caucus.finalizedAt) {
    return { delegate: agreed, members: members.size, finalizedFor: null, holds: false, summary: 'The caucus says its election was finalized, but the record has no finalization.' };
  }
  return { delegate: null, members: members.size, finalizedFor: null, holds: true, summary: `The election is open: ${votes.size} of ${members.size} voting members have voted.` };
}

/** The one member every member voted for, or null. */
function unanimousChoice(members: ReadonlySet<string>, votes: ReadonlyMap<string, string>): string | null {
  if (members.size === 0) return null;
  let choice: string | null = null;
  for (const m of members) {
    const v = votes.get(m);
    if (!v || !members.has(v)) return null;
    if (choice !== null && v !== choice) return null;
    choice = v;
  }
  return choice;
}

/** The record as CSV (RFC 4180), one line per entry. */
export function recordToCsv(file: ElectionRecordFile): string {
  const quote = (v: string | number | null | undefined) => {
    const s = v == null ? '' : String(v);
    // A leading =, +, - or @ would be a formula in a spreadsheet: prefix it (OWASP CSV injection).
    const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const names = file.entries.some((e) => e.actorName !== undefined);
  const head = ['seq', 'kind', 'actor', ...(names ? ['actor_name'] : []), 'subject', ...(names ? ['subject_name'] : []), 'detail', 'occurred_at', 'prev_hash', 'hash'];
  const lines = file.entries.map((e) =>
    [e.seq, e.kind, e.actor, ...(names ? [e.actorName] : []), e.subject, ...(names ? [e.subjectName] : []), e.detail, e.occurredAt, e.prevHash, e.hash].map(quote).join(','),
  );
  return [head.join(','), ...lines].join('\r\n') + '\r\n';
}

/** How an entry reads on the caucus page's timeline. */
export function describeRecordEntry(e: RecordEntry): string {
  const who = e.actorName ?? e.actor ?? 'Someone';
  const whom = e.subjectName ?? e.subject ?? 'someone';
  switch (e.kind) {
    case 'created':
      return `Caucus created at level ${e.detail ?? '?'}`;
    case 'joined':
      return `${who} joined as a voting member`;
    case 'left':
      return `${who} left`;
    case 'verified':
      return `${who} verified their identity`;
    case 'vote':
      return e.subject ? `${who} voted for ${whom}` : `${who}'s vote was withdrawn`;
    case 'finalized':
      return `Election finalized: ${whom} is the Delegate`;
  }
}

/** SHA-256 in hex with WebCrypto (browsers, and Node 20's global `crypto`). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
