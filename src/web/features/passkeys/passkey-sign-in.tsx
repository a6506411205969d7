import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, WebAuthnAbortService } from '@simplewebauthn/browser';
import { Fingerprint } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ceremonyProblem, ceremonyProblemText, signInWithPasskey } from './passkey-api';

/**
 * "Sign in with a passkey" under the sign-in form (issue 32, decision 049), and the same offer in
 * the email field's autofill where the browser has it (conditional mediation: the field says
 * autocomplete="username webauthn"). A passkey is two factors: no code step follows.
 */
export function PasskeySignIn({ onLoggedIn, onProblem }: { onLoggedIn: () => Promise<void>; onProblem: (message: string) => void }) {
  const { t } = useTranslation('passkeys');
  const [supported, setSupported] = useState(false);
  const [pending, setPending] = useState(false);
  const done = useRef(false);
  // The autofill request's own stop: the button stops it before it asks the browser (on a slow
  // network its options may arrive after the button's ceremony began, and would cut that short).
  const autofill = useRef<AbortController | null>(null);

  useEffect(() => {
    setSupported(browserSupportsWebAuthn());
    const controller = new AbortController();
    autofill.current = controller;
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill()) || controller.signal.aborted) return;
      try {
        await signInWithPasskey(true, controller.signal);
        done.current = true;
        await onLoggedIn();
      } catch (error) {
        // Cut short (the button started its own ceremony, or the page left), or the offer waved
        // away in the browser's own list: nothing to say.
        if (controller.signal.aborted || ceremonyProblem(error) === 'errors.cancelled') return;
        const text = ceremonyProblemText(error, t);
        if (text) onProblem(text);
      }
    })();
    return () => {
      controller.abort();
      if (!done.current) WebAuthnAbortService.cancelCeremony();
    };
    // Once per page: the autofill request waits until a passkey is picked.
  }, []);

  if (!supported) return null;

  const start = async () => {
    if (pending) return;
    setPending(true);
    autofill.current?.abort();
    try {
      await signInWithPasskey(false);
      done.current = true;
      await onLoggedIn();
    } catch (error) {
      const text = ceremonyProblemText(error, t);
      if (text) onProblem(text);
      setPending(false);
    }
  };

  return (
    <Button type="button" variant="outline" className="w-full" disabled={pending} onClick={start}>
      <Fingerprint className="h-4 w-4" aria-hidden="true" />
      {pending ? t('signIn.pending') : t('signIn.button')}
    </Button>
  );
}
