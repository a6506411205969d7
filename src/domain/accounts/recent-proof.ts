/**
 * Sensitive actions ask again (issue 32): deleting the account, changing the email, turning off
 * two-step sign-in, creating an API token and every administrator action need a proof of who the
 * person is (the password, a passkey or an authenticator code) from the last few minutes (the
 * ACCOUNT_RECENT_PROOF_MINUTES setting).
 */

/** The refusal's code and words (the client opens "Confirm it's you" on this code). */
export const RECENT_PROOF_REQUIRED = {
  code: 'recent_proof_required',
  message: 'Please confirm it’s you to continue.',
} as const;

/** Whether a proof made at `provenAt` still counts at `now`, `minutes` later at most. */
export function hasRecentProof(provenAt: Date | null | undefined, now: Date, minutes: number): boolean {
  if (!provenAt) return false;
  const age = now.getTime() - provenAt.getTime();
  return age >= -60_000 && age <= minutes * 60_000;
}
