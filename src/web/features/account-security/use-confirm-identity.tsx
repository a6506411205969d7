import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { RECENT_PROOF_REQUIRED } from '../../../domain/accounts/recent-proof';
import { ApiError } from '../../api/http';
import { ConfirmIdentityDialog } from './confirm-identity-dialog';

/** Whether an error is the server's "confirm it's you first" (src/domain/accounts/recent-proof.ts). */
export const needsRecentProof = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 403 && error.code === RECENT_PROOF_REQUIRED.code;

interface Waiting {
  resolve: () => void;
  reject: () => void;
}

/**
 * CONTRACT (issue 32): a sensitive action's call wrapped in `run(action)`. When the server
 * answers 403 `recent_proof_required` (src/domain/accounts/recent-proof.ts), "Confirm it's you"
 * opens (the password, a passkey through <PasskeyProofButton> from features/passkeys, or an
 * authenticator/recovery code); once confirmed, the action runs again (once) and its result is
 * returned; if the person cancels, `run` rejects with the original ApiError. The caller renders
 * `dialog` once.
 */
export function useConfirmIdentity(): { run: <T>(action: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const waiting = useRef<Waiting | null>(null);

  const run = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!needsRecentProof(error)) throw error;
      // A second refusal while the dialog is open (two actions at once) waits on the same answer.
      const previous = waiting.current;
      await new Promise<void>((resolve, reject) => {
        waiting.current = {
          resolve: () => {
            previous?.resolve();
            resolve();
          },
          reject: () => {
            previous?.reject();
            reject(error);
          },
        };
        setOpen(true);
      });
      return action();
    }
  }, []);

  const settle = useCallback((confirmed: boolean) => {
    const w = waiting.current;
    waiting.current = null;
    setOpen(false);
    if (confirmed) w?.resolve();
    else w?.reject();
  }, []);

  const dialog = useMemo(
    () => <ConfirmIdentityDialog open={open} onConfirmed={() => settle(true)} onCancel={() => settle(false)} />,
    [open, settle],
  );
  return { run, dialog };
}
