import { sql } from 'drizzle-orm';
import { checkElectionRecord, sha256Hex } from '../../domain/caucuses/election-record';
import type { Database } from '../db/client';
import { countInvariantViolations, type InvariantCount } from '../db/database-invariants';
import { readElectionRecord } from '../features/caucuses/election-record.service';

/** What a check of a restored database found: rows of key tables, election records, invariants. */
export interface RestoredDatabaseCheck {
  ok: boolean;
  rows: Record<string, number>;
  records: { checked: number; broken: Array<{ caucusId: string; problem: string }> };
  invariants: InvariantCount[];
}

const KEY_TABLES = ['users', 'caucuses', 'caucus_members', 'votes', 'chat_messages', 'election_records'] as const;

/**
 * Checks a database (a restored copy): counts the rows of key tables, recomputes every caucus's
 * election record as `npm run record:check` does, and counts the bench's invariants (all 0).
 */
export async function checkRestoredDatabase(database: Database): Promise<RestoredDatabaseCheck> {
  const rows: Record<string, number> = {};
  for (const table of KEY_TABLES) {
    rows[table] = Number((await database.pool.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);
  }
  // Read as a member (the organizer, else any member) so records of unfinished elections are checked too.
  const caucuses = await database.db.execute<{ caucus_id: string; reader: string | null }>(sql`
    select c.id as caucus_id, coalesce(c.organizer_id, (select m.user_id from caucus_members m where m.caucus_id = c.id limit 1)) as reader
    from caucuses c where exists (select 1 from election_records r where r.caucus_id = c.id)`);
  const broken: RestoredDatabaseCheck['records']['broken'] = [];
  for (const { caucus_id: caucusId, reader } of caucuses.rows) {
    try {
      const file = await readElectionRecord({ db: database.db }, caucusId, reader);
      const check = await checkElectionRecord(file, sha256Hex);
      if (!check.ok) broken.push({ caucusId, problem: `entry ${check.brokenAt}: ${check.problem}` });
    } catch (e) {
      broken.push({ caucusId, problem: (e as Error).message });
    }
  }
  const invariants = await countInvariantViolations(database.pool);
  return {
    ok: broken.length === 0 && invariants.every((i) => i.violations === 0),
    rows,
    records: { checked: caucuses.rows.length, broken },
    invariants,
  };
}
