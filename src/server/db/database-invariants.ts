import type pg from 'pg';

/**
 * What the app's writes must never break, counted over the whole database: each count must be 0.
 * The bench counts them after its writes (issue 16), the backups after a restore (issue 30).
 */
export interface InvariantCount {
  rule: string;
  violations: number;
}

export async function countInvariantViolations(pool: pg.Pool): Promise<InvariantCount[]> {
  const one = async (rule: string, text: string): Promise<InvariantCount> => ({ rule, violations: Number((await pool.query<{ n: string }>(text)).rows[0]!.n) });
  return Promise.all([
    one(
      'no caucus with more voting members than seats',
      `select count(*) as n from caucuses c
       where (select count(*) from caucus_members m where m.caucus_id = c.id and m.is_voting_member) > c.required_voting_members`,
    ),
    one(
      "each caucus's member count equals its members",
      `select count(*) as n from caucuses c
       where c.voting_member_count <> (select count(*) from caucus_members m where m.caucus_id = c.id and m.is_voting_member)`,
    ),
    one('no voter in two unfinished caucuses of one level', `select count(*) as n from (
         select m.user_id from caucus_members m join caucuses c on c.id = m.caucus_id
         where m.is_voting_member and not c.election_finalized group by m.user_id, c.level having count(*) > 1) x`),
    one('one brownie per giver per day', `select count(*) as n from (select 1 from brownies group by giver_user_id, given_on having count(*) > 1) x`),
    one(
      "each person's Brownies equal the brownies they received",
      `select count(*) as n from brownie_counts bc
       full join (select receiver_user_id, count(*)::int as n from brownies group by receiver_user_id) r on r.receiver_user_id = bc.user_id
       where bc.brownies is distinct from r.n`,
    ),
    one(
      "each person's Brownies carry their name, state and district",
      `select count(*) as n from brownie_counts bc join users u on u.id = bc.user_id
       where (bc.name, bc.state, bc.district) is distinct from (u.name, u.state, u.district)`,
    ),
    one(
      'one finalization per caucus (one Delegate, told once)',
      `select count(*) as n from (
         select data->>'caucusId' from notifications where kind = 'elected_delegate' group by data->>'caucusId' having count(*) > 1
         union all select id::text from caucuses where election_finalized and elected_delegate_id is null) x`,
    ),
    one('one vote per voter and caucus', `select count(*) as n from (select 1 from votes group by caucus_id, voter_id having count(*) > 1) x`),
  ]);
}
