import type { Db } from '../../db/client';

/**
 * CONTRACT (issue 32), written by helper D (two-step sign-in): whether `code` is the person's
 * current authenticator code or one of their unused recovery codes (a recovery code is spent).
 * Placeholder on helper E's branch: no code is ever right until D's file replaces this one.
 */
export async function verifyTwoStepCode(_deps: { db: Db; secret: string }, _userId: string, _code: string): Promise<boolean> {
  return false;
}
