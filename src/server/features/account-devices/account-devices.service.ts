import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { z } from 'zod';
import { DEVICE_MESSAGES, type DeviceSession } from '../../../domain/accounts/devices';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/auth';
import { notFound } from '../../http/app-error';
import { deviceOf } from './known-devices.service';

export interface SessionsDeps {
  db: Db;
}

/**
 * The person's live sessions (issue 32), the most recently used first: the device in words,
 * when it signed in and was last seen. Never a token, never an address.
 */
export async function listSessions(deps: SessionsDeps, userId: string, currentSessionId: string | undefined): Promise<DeviceSession[]> {
  const rows = await deps.db
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, updatedAt: sessions.updatedAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt), sessions.id);
  return rows.map((row) => ({
    id: row.id,
    device: deviceOf(row.userAgent),
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: (row.updatedAt > row.createdAt ? row.updatedAt : row.createdAt).toISOString(),
    current: row.id === currentSessionId,
  }));
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** Ends one of the person's sessions; another's, an ended one and a malformed id are all the same 404. */
export async function endSession(deps: SessionsDeps, userId: string, sessionId: string): Promise<void> {
  if (!isUuid(sessionId)) throw notFound(DEVICE_MESSAGES.sessionNotFound);
  const ended = await deps.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound(DEVICE_MESSAGES.sessionNotFound);
}

/** Ends every session of the person but this one; how many ended. */
export async function endOtherSessions(deps: SessionsDeps, userId: string, currentSessionId: string): Promise<number> {
  const ended = await deps.db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}
