import { createOTP } from '@better-auth/utils/otp';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { readCode, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../../../domain/accounts/two-step';
import type { Db } from '../../db/client';
import { twoFactors, users } from '../../db/schema/auth';
import { openRecoveryCodes } from './two-step.service';

/**
 * "Confirm it's you" with a code (issue 32; POST /api/me/confirm-identity): true when `code` is the
 * person's current authenticator code, or one of their unused recovery codes, which is then used
 * up under the row's lock (two requests cannot both spend one code; ten different ones at once
 * are each spent). Read the way better-auth's two-factor plugin seals them (symmetricEncrypt with
 * the secret; the key as generated, or `base32:` + an imported one), checked with its own TOTP code.
 * False when two-step sign-in is off, its code step locked (the plugin's lockout), or the code wrong.
 * Wrong answers are throttled by the caller.
 */
export async function verifyTwoStepCode(deps: { db: Db; secret: string }, userId: string, code: string): Promise<boolean> {
  const read = readCode(code);
  if (read.kind === 'invalid') return false;
  const [row] = await deps.db
    .select({ id: twoFactors.id, secret: twoFactors.secret, backupCodes: twoFactors.backupCodes, verified: twoFactors.verified, lockedUntil: twoFactors.lockedUntil, enabled: users.twoFactorEnabled })
    .from(twoFactors)
    .innerJoin(users, eq(users.id, twoFactors.userId))
    .where(eq(twoFactors.userId, userId));
  if (!row || !row.enabled || !row.verified) return false;
  if (row.lockedUntil && row.lockedUntil.getTime() > Date.now()) return false;

  if (read.kind === 'totp') {
    const key = await openKey(deps.secret, row.secret);
    return key !== null && (await createOTP(key, { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS }).verify(read.code));
  }
  // Spent under the row's lock: two requests cannot both spend one code, and a request that
  // waited for another spending a different code reads the list that one left.
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select({ backupCodes: twoFactors.backupCodes }).from(twoFactors).where(eq(twoFactors.id, row.id)).for('update');
    if (!locked) return false;
    const codes = await openRecoveryCodes(deps.secret, locked.backupCodes);
    if (!codes.includes(read.code)) return false;
    const rest = await symmetricEncrypt({ key: deps.secret, data: JSON.stringify(codes.filter((c) => c !== read.code)) });
    await tx.update(twoFactors).set({ backupCodes: rest }).where(eq(twoFactors.id, row.id));
    return true;
  });
}

/** The authenticator key as the plugin keeps it (decryptTOTPSecret in better-auth's totp). */
async function openKey(secret: string, sealed: string): Promise<string | null> {
  try {
    const key = await symmetricDecrypt({ key: secret, data: sealed });
    if (!key.startsWith('base32:')) return key;
    // An imported key: better-auth decodes it to raw bytes; the app never imports keys.
    return null;
  } catch {
    return null;
  }
}
