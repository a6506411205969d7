import type { ReactNode } from 'react';

/**
 * CONTRACT (issue 32), implemented by helper D (two-step): a sensitive action's call wrapped in
 * `run(action)`. When the server answers 403 `recent_proof_required`
 * (src/domain/accounts/recent-proof.ts), "Confirm it's you" opens (the password, a passkey
 * through <PasskeyProofButton> from features/passkeys, or an authenticator/recovery code); once
 * confirmed, the action runs again and its result is returned; if the person cancels, `run`
 * rejects with the original ApiError. The caller renders `dialog` once.
 *
 * Until D lands: `run` calls the action as it is.
 */
export function useConfirmIdentity(): { run: <T>(action: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  return { run: (action) => action(), dialog: null };
}
