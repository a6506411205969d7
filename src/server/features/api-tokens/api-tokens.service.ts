import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { apiTokens } from '../../db/schema/api-tokens';
import { users } from '../../db/schema/auth';
import { conflict, notFound } from '../../http/app-error';
import {
  TOKEN_MESSAGES,
  TOKEN_PATTERN,
  TOKENS_PER_USER_MAX,
  type ApiToken,
  type CreatedToken,
  type TokenRouteMatch,
  type TokenScope,
} from '../../../domain/api/api-tokens';

export interface ApiTokenDeps {
  db: Db;
  clock: Clock;
}

/** The SHA-256 of a token: tokens are 256 random bits, so a fast hash is enough (decision 031). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const view = (row: typeof apiTokens.$inferSelect): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes as TokenScope[],
  hint: row.hint,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Makes a token; the answer is the only time the token itself is seen. */
export async function createToken(deps: ApiTokenDeps, userId: string, input: { name: string; scopes: TokenScope[] }): Promise<CreatedToken> {
  const token = `cau_${randomBytes(32).toString('base64url')}`;
  return deps.db.transaction(async (tx) => {
    // One person's creations take turns, so the count below cannot be passed by a burst.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
    if ((held?.count ?? 0) >= TOKENS_PER_USER_MAX) throw conflict('too_many_tokens', TOKEN_MESSAGES.tooMany);
    const [row] = await tx
      .insert(apiTokens)
      .values({ userId, name: input.name, scopes: input.scopes, tokenHash: hashToken(token), hint: token.slice(-4), createdAt: deps.clock.now() })
      .returning();
    return { ...view(row!), token };
  });
}

/** One's live tokens, newest first. */
export async function listTokens(deps: ApiTokenDeps, userId: string): Promise<ApiToken[]> {
  const rows = await deps.db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(view);
}

/** Revokes one of one's own tokens; someone else's, or one already revoked, is not found. */
export async function revokeToken(deps: ApiTokenDeps, userId: string, tokenId: string): Promise<void> {
  const revoked = await deps.db
    .update(apiTokens)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (revoked.length === 0) throw notFound(TOKEN_MESSAGES.notFound);
}

export interface TokenHolder {
  tokenId: string;
  scopes: TokenScope[];
  lastUsedAt: Date | null;
  user: { id: string; email: string; name: string; suspendedUntil: Date | null; suspensionReason: string | null };
}

/** The live token and its owner (a confirmed, present account), or null. */
export async function findTokenHolder(db: Db, token: string): Promise<TokenHolder | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      scopes: apiTokens.scopes,
      lastUsedAt: apiTokens.lastUsedAt,
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      deletedAt: users.deletedAt,
      suspendedUntil: users.suspendedUntil,
      suspensionReason: users.suspensionReason,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt)));
  if (!row || !row.emailVerified || row.deletedAt) return null;
  return {
    tokenId: row.tokenId,
    scopes: row.scopes as TokenScope[],
    lastUsedAt: row.lastUsedAt,
    user: { id: row.id, email: row.email, name: row.name, suspendedUntil: row.suspendedUntil, suspensionReason: row.suspensionReason },
  };
}

/** How often the last-used time is written: at most once a minute per token, not per request. */
export const LAST_USED_PRECISION_MS = 60_000;

export async function touchToken(db: Db, tokenId: string, now: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.id, tokenId), sql`(${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < ${new Date(now.getTime() - LAST_USED_PRECISION_MS)})`));
}

/**
 * Whether the token's owner may read this subject with a token: a caucus they belong to (as a
 * voting member or organizer), a person who shares one of their caucuses, or themselves.
 */
export async function tokenMayRead(db: Db, ownerId: string, match: TokenRouteMatch): Promise<boolean> {
  if (match.subject === 'self') return true;
  if (!match.id || !/^[0-9a-f-]{36}$/i.test(match.id)) return false;
  if (match.subject === 'member' && match.id.toLowerCase() === ownerId.toLowerCase()) return true;
  const result = await db.execute<{ ok: boolean }>(
    match.subject === 'caucus'
      ? sql`select exists (select 1 from caucus_members where caucus_id = ${match.id}::uuid and user_id = ${ownerId}) as ok`
      : sql`select exists (
          select 1 from caucus_members mine
          join caucus_members theirs on theirs.caucus_id = mine.caucus_id
          where mine.user_id = ${ownerId} and theirs.user_id = ${match.id}::uuid) as ok`,
  );
  return result.rows[0]?.ok === true;
}
