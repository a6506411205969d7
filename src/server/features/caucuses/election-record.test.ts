import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkElectionRecord, sha256Hex, type ElectionRecordFile } from '../../../domain/caucuses/election-record';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { caucuses } from '../../db/schema/caucuses';
import { electionRecords } from '../../db/schema/moderation';
import { createCaucusRow } from '../../test/caucus-factories';
import { createUser } from '../../test/factories';
import { createUserWithSession } from '../../test/route-world';
import { createTestApp, testSettings } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

type Person = Awaited<ReturnType<typeof createUserWithSession>>;
const person = (overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> =>
  createUserWithSession(database.db, t.auth, testSettings.AUTH_SECRET, { state: 'OH', district: 3, verified: true, ...overrides });
const get = (path: string, who: Person | null) => t.request(path, { cookie: who?.cookie });
const vote = (who: Person, caucusId: string, candidate: Person) => t.request(`/api/caucuses/${caucusId}/vote`, { method: 'PUT', cookie: who.cookie, json: { candidateId: candidate.id } });
const join = (who: Person, caucusId: string) => t.request(`/api/caucuses/${caucusId}/join`, { method: 'POST', cookie: who.cookie, json: {} });
const recordOf = async (caucusId: string, who: Person | null) => (await (await get(`/api/caucuses/${caucusId}/record`, who)).json()) as ElectionRecordFile;

/** A caucus of `size` members who joined through the app. */
async function caucusOf(size: number, name = 'Record Caucus') {
  const caucus = await createCaucusRow(database.db, { name, requiredVotingMembers: size });
  const members: Person[] = [];
  for (let i = 0; i < size; i++) {
    const m = await person({ name: `${name} member ${i + 1}` });
    const res = await join(m, caucus.id);
    expect(res.status, await res.clone().text()).toBe(200);
    members.push(m);
  }
  return { caucus, members };
}

describe('the election record', () => {
  it('records joins, votes and the finalization in a chain that checks, with names for members and pseudonyms for everyone else', async () => {
    const { caucus, members } = await caucusOf(3);
    const [a, b, c] = members as [Person, Person, Person];
    const outsider = await person({ district: 4 });
    expect((await get(`/api/caucuses/${caucus.id}/record`, outsider)).status).toBe(403);
    expect((await get(`/api/caucuses/${caucus.id}/record`, null)).status).toBe(403);

    expect((await vote(a, caucus.id, b)).status).toBe(200);
    expect((await vote(c, caucus.id, a)).status).toBe(200);
    expect((await vote(c, caucus.id, b)).status).toBe(200);
    expect((await vote(b, caucus.id, b)).status).toBe(200);
    const [row] = await database.db.select({ finalized: caucuses.electionFinalized }).from(caucuses).where(eq(caucuses.id, caucus.id));
    expect(row?.finalized).toBe(true);

    const asMember = await recordOf(caucus.id, a);
    expect(asMember.entries.map((e) => [e.kind, e.actorName ?? null, e.subjectName ?? null])).toEqual([
      ['created', null, null],
      ['joined', a.name, null],
      ['joined', b.name, null],
      ['joined', c.name, null],
      ['vote', a.name, b.name],
      ['vote', c.name, a.name],
      ['vote', c.name, b.name],
      ['vote', b.name, b.name],
      ['finalized', null, b.name],
    ]);
    expect(await checkElectionRecord(asMember, sha256Hex)).toMatchObject({ ok: true, result: { holds: true, members: 3, delegate: asMember.caucus.delegate!.ref } });

    // Anyone may download a finalized record: the same chain, with pseudonyms and nothing else.
    const res = await get(`/api/caucuses/${caucus.id}/record?download`, null);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="election-record-${caucus.id}.json"`);
    const text = await res.text();
    for (const m of members) {
      expect(text).not.toContain(m.name);
      expect(text).not.toContain(m.id);
    }
    const publicFile = JSON.parse(text) as ElectionRecordFile;
    expect(publicFile.entries.map((e) => e.hash)).toEqual(asMember.entries.map((e) => e.hash));
    expect(publicFile.entries[1]!.actor).toMatch(/^V-[0-9a-f]{12}$/);
    expect(await checkElectionRecord(publicFile, sha256Hex)).toMatchObject({ ok: true });

    // `npm run record:check` says the same of the downloaded file, and finds an edit in it.
    const dir = mkdtempSync(path.join(tmpdir(), 'record-'));
    writeFileSync(path.join(dir, 'good.json'), text);
    const good = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/record-check.ts', path.join(dir, 'good.json')], { encoding: 'utf8' });
    expect(good.status, good.stderr).toBe(0);
    expect(good.stdout).toContain('The chain holds. All 3 voting members voted for');
    publicFile.entries[6]!.subject = publicFile.entries[5]!.subject;
    writeFileSync(path.join(dir, 'edited.json'), JSON.stringify(publicFile));
    const edited = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/record-check.ts', path.join(dir, 'edited.json')], { encoding: 'utf8' });
    expect(edited.status).toBe(1);
    expect(edited.stdout).toContain('The record does not hold at entry 7: entry 7 was changed: its contents do not match its hash');

    const csv = await get(`/api/caucuses/${caucus.id}/record.csv`, null);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('seq,kind,actor,subject,detail,occurred_at,prev_hash,hash');
    expect(lines).toHaveLength(10);
  });

  it('records a leave and a verification; the record refuses every change, and a row edited behind its back is found exactly', async () => {
    const { caucus, members } = await caucusOf(3, 'Tamper Caucus');
    const [a, b] = members as [Person, Person, Person];
    expect((await t.request(`/api/caucuses/${caucus.id}/leave`, { method: 'POST', cookie: b.cookie, json: {} })).status).toBe(200);
    const newcomer = await person({ verified: false });
    expect((await join(newcomer, caucus.id)).status).toBe(200);
    await database.db.update(users).set({ verified: true }).where(eq(users.id, newcomer.id));
    expect((await vote(a, caucus.id, a)).status).toBe(200);
    const record = await recordOf(caucus.id, a);
    expect(record.entries.map((e) => e.kind)).toEqual(['created', 'joined', 'joined', 'joined', 'left', 'joined', 'verified', 'vote']);
    expect(await checkElectionRecord(record, sha256Hex)).toMatchObject({ ok: true, result: { holds: true, delegate: null } });

    const refusal = (query: Promise<unknown>) => query.then(() => 'accepted', (e: { cause?: { message?: string } }) => e.cause?.message ?? 'refused');
    expect(await refusal(database.db.execute(sql`update election_records set subject_ref = null where caucus_id = ${caucus.id} and seq = 8`))).toBe('election_records is append-only');
    expect(await refusal(database.db.execute(sql`delete from election_records where caucus_id = ${caucus.id}`))).toBe('election_records is append-only');

    // Someone with the database's superuser rights edits entry 5 behind the triggers' back.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update election_records set kind = 'joined' where caucus_id = ${caucus.id} and seq = 5`);
    });
    const tampered = await recordOf(caucus.id, a);
    expect(await checkElectionRecord(tampered, sha256Hex)).toMatchObject({ ok: false, brokenAt: 5, problem: 'entry 5 was changed: its contents do not match its hash' });
  });

  it('stays one gapless, valid chain when every member votes and changes their vote at once', async () => {
    const { caucus, members } = await caucusOf(10, 'Race Caucus');
    const first = members[0]!;
    const rounds = await Promise.all(members.flatMap((m, i) => [vote(m, caucus.id, members[(i + 1) % 10]!), vote(m, caucus.id, first)]));
    expect(rounds.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const record = await recordOf(caucus.id, first);
    expect(record.entries.map((e) => e.seq)).toEqual(record.entries.map((_, i) => i + 1));
    const check = await checkElectionRecord(record, sha256Hex);
    expect(check.ok).toBe(true);
    // The record's own replay agrees with what the database says happened.
    const [row] = await database.db.select({ finalized: caucuses.electionFinalized }).from(caucuses).where(eq(caucuses.id, caucus.id));
    expect(check.result?.finalizedFor !== null).toBe(row!.finalized);
    const count = await database.db.select({ n: sql<number>`count(*)::int` }).from(electionRecords).where(eq(electionRecords.caucusId, caucus.id));
    expect(count[0]!.n).toBe(record.entries.length);
  });
});
