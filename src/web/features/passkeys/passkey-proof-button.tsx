/**
 * CONTRACT (issue 32), implemented by helper C (passkeys): a button in "Confirm it's you" that
 * runs a WebAuthn ceremony against the signed-in person's own passkeys
 * (POST /api/passkeys/confirm-options, then POST /api/passkeys/confirm), which records the proof
 * on the session; then calls `onConfirmed`. Renders nothing when the person has no passkey or
 * the browser has no WebAuthn.
 */
export function PasskeyProofButton(_props: { onConfirmed: () => void; onError: (message: string) => void }) {
  return null;
}
