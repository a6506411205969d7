import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEBATE_LIMITS, expiresAtFor } from '../../domain/debates/debate-rules';
import type { DbOrTx } from '../db/client';
import { debateDefenses, debateParticipants, debateRebuttals, debateResponses, debates } from '../db/schema/debates';
import { buildUser, insertUsersBatch, makeRandom } from './factories';

type NewDebate = typeof debates.$inferInsert;

/** A debate row for tests: an open 7-day text debate created now (or at `createdAt`). */
export async function createDebateRow(db: DbOrTx, creatorId: string, overrides: Partial<NewDebate> = {}) {
  const createdAt = overrides.createdAt ?? new Date();
  const durationDays = overrides.durationDays ?? DEBATE_LIMITS.defaultDays;
  const [row] = await db
    .insert(debates)
    .values({
      creatorId,
      title: 'Should the caucus meet weekly?',
      prompt: 'Make your case.',
      debateType: 'text',
      durationDays,
      expiresAt: expiresAtFor(createdAt, durationDays),
      createdAt,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A text response by `userId` (seated as a participant, the count kept equal to the rows). */
export async function addTextResponse(db: DbOrTx, debateId: string, userId: string, text = 'My response.') {
  await db.insert(debateParticipants).values({ debateId, userId }).onConflictDoNothing();
  await db.execute(sql`update debates set participant_count = (select count(*) from debate_participants where debate_id = ${debateId}) where id = ${debateId}`);
  const [row] = await db.insert(debateResponses).values({ debateId, userId, contentType: 'text', textContent: text }).returning();
  return row!;
}

export async function addTextRebuttal(db: DbOrTx, responseId: string, userId: string, text = 'My rebuttal.') {
  const [row] = await db.insert(debateRebuttals).values({ responseId, userId, contentType: 'text', textContent: text }).returning();
  return row!;
}

export async function addTextDefense(db: DbOrTx, rebuttalId: string, userId: string, text = 'My defense.') {
  const [row] = await db.insert(debateDefenses).values({ rebuttalId, userId, contentType: 'text', textContent: text }).returning();
  return row!;
}

export interface BenchDebate {
  debateId: string;
  creatorId: string;
  /** The authors of the responses (each also defends against the rebuttal of their response). */
  authorIds: string[];
  voterIds: string[];
  contributions: { responses: number; rebuttals: number; defenses: number };
  votes: number;
}

/**
 * A debate with about `contributions` contributions for the bench, set-based (a few multi-row
 * inserts and one INSERT … SELECT for the votes), on any database (its users are its own, with
 * emails unique to this call, so it also works beside 1M seeded users).
 *
 * Shape: R = ceil(contributions / 3) responses by R distinct users; response i gets one
 * rebuttal by the author of response i+1, and (while contributions remain) one defense by its
 * own author. Each of `voters` users votes on every contribution (about two thirds upvotes);
 * the counters on the contribution rows equal the vote rows. max_participants is raised to R.
 */
export async function seedDebateForBench(db: DbOrTx, options: { contributions: number; voters: number; seed?: number }): Promise<BenchDebate> {
  const total = Math.max(3, Math.floor(options.contributions));
  const random = makeRandom(options.seed ?? 42);
  const run = randomBytes(4).toString('hex');
  const responsesCount = Math.max(2, Math.ceil(total / 3));
  const rebuttalsCount = Math.min(responsesCount, Math.max(0, total - responsesCount));
  const defensesCount = Math.min(rebuttalsCount, Math.max(0, total - responsesCount - rebuttalsCount));

  const people = (tag: string, n: number) =>
    Array.from({ length: n }, (_, i) => buildUser(i, random, { email: `bench-debate-${run}-${tag}-${i}@example.test` }));
  const creator = people('creator', 1);
  const authors = people('author', responsesCount);
  const voters = people('voter', Math.max(0, options.voters));
  const everyone = [...creator, ...authors, ...voters];
  for (let i = 0; i < everyone.length; i += 1000) await insertUsersBatch(db, everyone.slice(i, i + 1000));

  const now = new Date();
  const createdAt = new Date(now.getTime() - 60 * 60 * 1000);
  const debateId = randomUUID();
  await db.insert(debates).values({
    id: debateId,
    creatorId: creator[0]!.id,
    title: `Bench debate ${run}`,
    prompt: 'A debate with many contributions, for the bench.',
    debateType: 'text',
    durationDays: 30,
    expiresAt: expiresAtFor(createdAt, 30),
    participantCount: responsesCount,
    maxParticipants: responsesCount,
    createdAt,
  });
  await db.insert(debateParticipants).values(authors.map((a) => ({ debateId, userId: a.id, joinedAt: createdAt })));

  const at = (i: number) => new Date(createdAt.getTime() + i * 1000);
  const responseIds = authors.map(() => randomUUID());
  const rebuttalIds = responseIds.slice(0, rebuttalsCount).map(() => randomUUID());
  const chunk = 500;
  const responseRows = authors.map((a, i) => ({
    id: responseIds[i]!,
    debateId,
    userId: a.id,
    contentType: 'text',
    textContent: `Response ${i}: ${'lorem ipsum '.repeat(20).trim()}`,
    createdAt: at(i),
  }));
  for (let i = 0; i < responseRows.length; i += chunk) await db.insert(debateResponses).values(responseRows.slice(i, i + chunk));
  const rebuttalRows = rebuttalIds.map((id, i) => ({
    id,
    responseId: responseIds[i]!,
    userId: authors[(i + 1) % authors.length]!.id,
    contentType: 'text',
    textContent: `Rebuttal of response ${i}.`,
    createdAt: at(responsesCount + i),
  }));
  for (let i = 0; i < rebuttalRows.length; i += chunk) await db.insert(debateRebuttals).values(rebuttalRows.slice(i, i + chunk));
  const defenseRows = rebuttalIds.slice(0, defensesCount).map((rebuttalId, i) => ({
    rebuttalId,
    userId: authors[i]!.id,
    contentType: 'text',
    textContent: `Defense of response ${i}.`,
    createdAt: at(responsesCount + rebuttalsCount + i),
  }));
  for (let i = 0; i < defenseRows.length; i += chunk) await db.insert(debateDefenses).values(defenseRows.slice(i, i + chunk));

  let votes = 0;
  if (voters.length > 0) {
    // A PostgreSQL array literal (a JS array in a sql template would become a tuple).
    const voterArray = `{${voters.map((v) => v.id).join(',')}}`;
    // Every voter on every contribution of this debate, in one INSERT … SELECT.
    const inserted = await db.execute(sql`
      with contributions as (
        select r.id, 'response'::text as kind from debate_responses r where r.debate_id = ${debateId}
        union all
        select rb.id, 'rebuttal' from debate_rebuttals rb join debate_responses r on r.id = rb.response_id where r.debate_id = ${debateId}
        union all
        select d.id, 'defense' from debate_defenses d join debate_rebuttals rb on rb.id = d.rebuttal_id join debate_responses r on r.id = rb.response_id where r.debate_id = ${debateId}
      ), voters as (
        select unnest(${voterArray}::uuid[]) as id
      )
      insert into debate_votes (content_id, content_type, user_id, vote_type, created_at)
      select c.id, c.kind, v.id, case when (hashtext(c.id::text || v.id::text) % 3) = 0 then 'downvote' else 'upvote' end, now()
      from contributions c cross join voters v`);
    votes = inserted.rowCount ?? 0;
    for (const [kind, table] of [
      ['response', 'debate_responses'],
      ['rebuttal', 'debate_rebuttals'],
      ['defense', 'debate_defenses'],
    ] as const) {
      await db.execute(sql`
        update ${sql.identifier(table)} t set
          upvotes = v.up, downvotes = v.down
        from (
          select content_id, count(*) filter (where vote_type = 'upvote')::int as up, count(*) filter (where vote_type = 'downvote')::int as down
          from debate_votes where content_type = ${kind} and user_id = any(${voterArray}::uuid[])
          group by content_id
        ) v
        where t.id = v.content_id`);
    }
  }

  return {
    debateId,
    creatorId: creator[0]!.id,
    authorIds: authors.map((a) => a.id),
    voterIds: voters.map((v) => v.id),
    contributions: { responses: responsesCount, rebuttals: rebuttalsCount, defenses: defensesCount },
    votes,
  };
}
