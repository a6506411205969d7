import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { badgesReached } from '../../../domain/badges/catalogue';
import { BROWNIE_MESSAGES, brownieRefusal, calendarDayIn, type BrownieGiven, type BrownieToday } from '../../../domain/points/brownie-rules';
import type { Db } from '../../db/client';
import { pgErrorOf } from '../../db/client';
import { users } from '../../db/schema/auth';
import { brownieCounts, brownies } from '../../db/schema/points';
import { prebuilt } from '../../db/prepared-statements';
import { withRetry } from '../../db/transaction-retry';
import type { Clock } from '../../clock';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { awardBadges } from '../points/awards.service';
import { blockersBetween, refuseIfBlocked } from '../blocks/blocks.service';

export interface BrownieDeps {
  db: Db;
  clock: Clock;
  /** The app's time zone (APP_TIME_ZONE): it decides where a calendar day begins. */
  timeZone: string;
}

/**
 * Gives one brownie, in one transaction: the ledger row (the unique (giver, given_on) of the
 * database is the one-per-day rule), the receiver's counter (brownie_counts), and the
 * brownie-in-a-day badges the receiver reached today; refused (403) when either of the two
 * blocked the other. The counter is counted first: its row's lock makes brownies to one receiver
 * count one after another, so a badge threshold crossed by racing givers is seen, and awarded,
 * exactly once; the receiver's `users` row is held FOR SHARE, which the ledger's foreign keys do
 * not wait for, and which another event's badge evaluation (FOR NO KEY UPDATE) waits behind.
 *
 * A brownie changes one figure a badge counts, the receiver's brownies today, so it evaluates
 * only the brownie-in-a-day badges, from today's count (decision 064): a badge reached on an
 * earlier day was awarded by that day's brownie, and every other badge by its own event. A badge
 * that came to count another figure a brownie changes would have to be evaluated here too.
 */
export async function giveBrownie(deps: BrownieDeps, giverId: string, receiverId: string): Promise<BrownieGiven> {
  const refusal = brownieRefusal(giverId, receiverId);
  if (refusal) throw badRequest('brownie_to_self', refusal);
  const at = deps.clock.now();
  const givenOn = calendarDayIn(at, deps.timeZone);
  try {
    return await withRetry(() =>
      deps.db.transaction(async (tx) => {
        // One round trip with BEGIN (issue 33): the receiver's counter first — the update finds
        // (and locks) a present receiver, and reads the blocks between the two —, the ledger row,
        // and the receiver's brownies today, a statement of its own that starts once the lock is
        // granted and so counts every brownie committed before and this one. A refused brownie
        // below (blocked, or a second today) rolls them back with the transaction.
        const [counted, ledger, today] = await Promise.allSettled([
          countBrownie(tx, { giverId, receiverId }),
          insertBrownie(tx, { giverId, receiverId, at, givenOn }),
          browniesReceivedOn(tx, { receiverId, givenOn }),
        ]);
        const [counter] = settledValue(counted);
        if (!counter) throw notFound(BROWNIE_MESSAGES.receiverNotFound);
        refuseIfBlocked(giverId, counter.blockers);
        if (settledValue(ledger).length === 0) throw conflict('daily_limit', BROWNIE_MESSAGES.dailyLimit);

        // The brownie-in-a-day badges today's count reaches; those already held are skipped by
        // awardBadges (once each), so nothing more is sent below the first threshold.
        const reached = badgesReached('brownies_in_a_day', settledValue(today)[0]?.brownies ?? 0);
        const badgesEarned = await awardBadges(tx, receiverId, reached, at);
        return { receiverId, givenOn, receiverBrownies: counter.brownies, badgesEarned };
      }),
    );
  } catch (error) {
    // The constraints are the last line; the checks above normally answer first.
    const pg = pgErrorOf(error);
    if (pg?.constraint === 'brownies_one_per_giver_per_day') throw conflict('daily_limit', BROWNIE_MESSAGES.dailyLimit);
    if (pg?.constraint === 'brownies_not_to_self') throw badRequest('brownie_to_self', BROWNIE_MESSAGES.notToSelf);
    if (pg?.constraint === 'brownies_receiver_user_id_users_id_fk') throw notFound(BROWNIE_MESSAGES.receiverNotFound);
    throw error;
  }
}

/**
 * The receiver's counter (brownie_counts, decision 060), counting one more, with the blocks
 * between the two; built once: every brownie sends it (issue 33). Nothing when the receiver is
 * unknown or deleted. The receiver's row is read FOR SHARE: a deletion waits for the brownie (and
 * a brownie for a deletion, which it then does not count), and so does a change of name, state or
 * district, whose trigger then copies it to this row (or, when it came first, is what is copied).
 * The counter's row is locked by the upsert, so brownies to one receiver count one after another.
 */
const countBrownie = prebuilt((db) =>
  db
    .insert(brownieCounts)
    .select(
      db
        .select({ userId: users.id, brownies: sql<number>`1`.as('brownies'), name: users.name, state: users.state, district: users.district })
        .from(users)
        .where(and(eq(users.id, sql.placeholder('receiverId')), isNull(users.deletedAt)))
        .for('share'),
    )
    .onConflictDoUpdate({ target: brownieCounts.userId, set: { brownies: sql`${brownieCounts.brownies} + 1` } })
    .returning({ brownies: brownieCounts.brownies, blockers: blockersBetween(sql.placeholder('giverId'), brownieCounts.userId) }),
);

/** The ledger row; none when the giver already gave today (the unique (giver, given_on)). */
const insertBrownie = prebuilt((db) =>
  db
    .insert(brownies)
    .values({ giverUserId: sql.placeholder('giverId'), receiverUserId: sql.placeholder('receiverId'), givenAt: sql.placeholder('at'), givenOn: sql.placeholder('givenOn') })
    .onConflictDoNothing({ target: [brownies.giverUserId, brownies.givenOn] })
    .returning({ id: brownies.id }),
);

/**
 * The brownies the receiver has been given on a day (the index brownies_receiver_day_idx); built
 * once: every brownie sends it.
 */
const browniesReceivedOn = prebuilt((db) =>
  db
    .select({ brownies: count() })
    .from(brownies)
    .where(and(eq(brownies.receiverUserId, sql.placeholder('receiverId')), eq(brownies.givenOn, sql.placeholder('givenOn')))),
);

/** The value of a statement sent with others, or its error (in the order the statements were sent). */
function settledValue<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** Whether the user already gave today's brownie (the app's calendar day), and to whom. */
export async function browniesGivenToday(deps: BrownieDeps, giverId: string): Promise<BrownieToday> {
  const givenOn = calendarDayIn(deps.clock.now(), deps.timeZone);
  const [row] = await deps.db
    .select({ receiverId: brownies.receiverUserId })
    .from(brownies)
    .where(and(eq(brownies.giverUserId, giverId), eq(brownies.givenOn, givenOn)));
  return { givenOn, given: !!row, receiverId: row?.receiverId ?? null };
}
