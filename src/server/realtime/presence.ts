import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appProcesses, livePresence } from '../db/schema/platform';
import { loggableError, type Logger } from '../logger';

/** How often a process says it is alive, and after how long without a word it counts as gone. */
export const PROCESS_HEARTBEAT_MS = 30_000;
export const PROCESS_GONE_AFTER_SECONDS = 90;

/**
 * Who has the app open, across every server process (issue 16): a private message is not
 * mailed to someone reading the app, whichever process holds their live stream and whichever
 * runs the delivery job. Each process records the people whose own stream it holds (one row per
 * person and process, written when their first stream opens and removed when their last one
 * closes) under its own row in app_processes, which it refreshes every 30 s; a process that
 * died without cleaning up stops counting 90 s after its last word, and its rows are removed
 * by the next process to start or beat.
 */
export interface Presence {
  readonly processId: string;
  /** This process now holds `userId`'s stream (`true`) or no longer does (`false`). */
  set(userId: string, present: boolean): void;
  /** Of `userIds`, those with a live stream in any process alive now. */
  connectedAmong(userIds: readonly string[]): Promise<Set<string>>;
  /** Resolves when every recorded change has been written (for tests and shutdown). */
  settled(): Promise<void>;
  /** Removes this process and what it recorded; stops the heartbeat. */
  close(): Promise<void>;
}

/** This machine's name for process `pid` in app_processes (the suffix tells a reused pid apart). */
function processPrefix(pid: number): string {
  return `${hostname()}:${pid}:`;
}

/** Removes what a process of this machine that has ended (killed, crashed) left in app_processes. */
export async function forgetEndedProcess(db: Db, pid: number): Promise<void> {
  await db.delete(appProcesses).where(sql`starts_with(${appProcesses.id}, ${processPrefix(pid)})`);
}

export async function startPresence(deps: { db: Db; logger?: Logger; heartbeatMs?: number; processId?: string }): Promise<Presence> {
  const { db, logger } = deps;
  const processId = deps.processId ?? `${processPrefix(process.pid)}${randomBytes(4).toString('hex')}`;
  const beat = async () => {
    await db.insert(appProcesses).values({ id: processId }).onConflictDoUpdate({ target: appProcesses.id, set: { seenAt: sql`now()` } });
    await db.delete(appProcesses).where(lt(appProcesses.seenAt, sql`now() - make_interval(secs => ${PROCESS_GONE_AFTER_SECONDS * 2})`));
  };
  await beat();
  const timer = setInterval(() => {
    beat().catch((e: unknown) => logger?.warn({ err: loggableError(e) }, 'presence: the heartbeat failed'));
  }, deps.heartbeatMs ?? PROCESS_HEARTBEAT_MS);
  timer.unref();

  // Per person, the state last asked for and the chain of writes: each write records the state
  // asked for when it runs, so writes that overtake each other still end on the last one.
  const wanted = new Map<string, boolean>();
  const chains = new Map<string, Promise<void>>();
  const write = async (userId: string) => {
    const present = wanted.get(userId) ?? false;
    if (present) await db.insert(livePresence).values({ userId, processId }).onConflictDoNothing();
    else await db.delete(livePresence).where(and(eq(livePresence.userId, userId), eq(livePresence.processId, processId)));
  };
  let closed = false;

  return {
    processId,
    set(userId, present) {
      if (closed) return;
      wanted.set(userId, present);
      const previous = chains.get(userId) ?? Promise.resolve();
      const next = previous
        .then(() => write(userId))
        .catch((e: unknown) => logger?.warn({ err: loggableError(e) }, 'presence: could not record a live stream'))
        .finally(() => {
          if (chains.get(userId) === next) {
            chains.delete(userId);
            if (!wanted.get(userId)) wanted.delete(userId);
          }
        });
      chains.set(userId, next);
    },
    async connectedAmong(userIds) {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ userId: livePresence.userId })
        .from(livePresence)
        .innerJoin(appProcesses, eq(appProcesses.id, livePresence.processId))
        .where(and(inArray(livePresence.userId, [...new Set(userIds)]), gt(appProcesses.seenAt, sql`now() - make_interval(secs => ${PROCESS_GONE_AFTER_SECONDS})`)));
      return new Set(rows.map((r) => r.userId));
    },
    async settled() {
      while (chains.size > 0) await Promise.all([...chains.values()]);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await Promise.all([...chains.values()]);
      await db.delete(appProcesses).where(eq(appProcesses.id, processId)); // its presence rows go with it
    },
  };
}
