import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Fingerprint } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ceremonyProblemText, confirmWithPasskey, usePasskeys } from './passkey-api';

/**
 * CONTRACT (issue 32), implemented by helper C (passkeys): a button in "Confirm it's you" that
 * runs a WebAuthn ceremony against the signed-in person's own passkeys
 * (POST /api/passkeys/confirm-options, then POST /api/passkeys/confirm), which records the proof
 * on the session; then calls `onConfirmed`. Renders nothing when the person has no passkey or
 * the browser has no WebAuthn.
 */
export function PasskeyProofButton({ onConfirmed, onError }: { onConfirmed: () => void; onError: (message: string) => void }) {
  const { t } = useTranslation('passkeys');
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  const passkeys = usePasskeys(supported);
  const [pending, setPending] = useState(false);
  if (!supported || !passkeys.data?.length) return null;

  const confirm = async () => {
    if (pending) return;
    setPending(true);
    try {
      await confirmWithPasskey();
      onConfirmed();
    } catch (error) {
      const text = ceremonyProblemText(error, t);
      if (text) onError(text);
    } finally {
      setPending(false);
    }
  };

  return (
    <Button type="button" variant="outline" className="w-full" disabled={pending} onClick={confirm}>
      <Fingerprint className="h-4 w-4" aria-hidden="true" />
      {pending ? t('proof.pending') : t('proof.button')}
    </Button>
  );
}
