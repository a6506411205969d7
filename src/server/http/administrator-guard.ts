import { eq, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { administratorAccess, SECOND_FACTOR_REQUIRED } from '../../domain/accounts/administrator-access';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema/auth';
import { forbidden } from './app-error';
import { assertRecentProof } from './recent-proof';
import { type AppEnv, requireUser, type SessionUser } from './session';

/** The words of a refusal to someone who is not an administrator (the moderation routes' own). */
export const NOT_ADMINISTRATOR_MESSAGE = 'Only administrators can moderate.';

/** Whether the person is an administrator and which second factors they have (one query). */
export async function administratorFactors(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      isAdministrator: users.isAdministrator,
      twoFactorEnabled: users.twoFactorEnabled,
      passkeys: sql<number>`(select count(*)::int from passkeys p where p.user_id = users.id)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { isAdministrator: false, twoFactorEnabled: false, passkeys: 0 };
}

/**
 * THE administrator check (issue 32): an administrator with a second factor (two-step sign-in or
 * a passkey), else 403 `admins_only` or 403 `second_factor_required`. Every administrator route
 * and service goes through it (moderation.service's assertAdministrator calls it).
 */
export async function assertAdministratorReady(db: DbOrTx, userId: string, notAdministrator = NOT_ADMINISTRATOR_MESSAGE): Promise<void> {
  const access = administratorAccess(await administratorFactors(db, userId));
  if (access === 'not_administrator') throw forbidden('admins_only', notAdministrator);
  if (access === 'second_factor_required') throw forbidden(SECOND_FACTOR_REQUIRED.code, SECOND_FACTOR_REQUIRED.message);
}

/**
 * The guard of an administrator route: signed in (401), an administrator with a second factor
 * (403), and for anything but a read a recent proof of who they are (403 `recent_proof_required`,
 * src/server/http/recent-proof.ts).
 */
export function requireAdministrator(deps: { db: DbOrTx; recentProofMinutes: number; notAdministrator?: string }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = requireUser(c);
    await assertAdministratorReady(deps.db, user.id, deps.notAdministrator);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') assertRecentProof(user, new Date(), deps.recentProofMinutes);
    await next();
  });
}

/**
 * For a route that anyone uses but where administrators have powers others lack (a broadcast
 * beyond one's constituents, a level-5 caucus, deleting someone else's debate): called by the
 * handler once it knows the action needs those powers. For an administrator, the same rule as
 * requireAdministrator (a second factor, a recent proof); for anyone else nothing here: the
 * service refuses them with its own words.
 */
export async function guardAdministratorPowers(db: DbOrTx, user: SessionUser, recentProofMinutes: number): Promise<void> {
  const factors = await administratorFactors(db, user.id);
  if (!factors.isAdministrator) return;
  if (administratorAccess(factors) === 'second_factor_required') throw forbidden(SECOND_FACTOR_REQUIRED.code, SECOND_FACTOR_REQUIRED.message);
  assertRecentProof(user, new Date(), recentProofMinutes);
}
