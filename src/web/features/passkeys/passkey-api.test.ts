import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { ceremonyProblem } from './passkey-api';

const domError = (name: string) => Object.assign(new Error(name), { name });
const webAuthnError = (code: ConstructorParameters<typeof WebAuthnError>[0]['code'], name: string) => new WebAuthnError({ message: code, code, cause: domError(name) });

describe('what the person reads when the browser part of a ceremony fails', () => {
  it.each([
    [domError('NotAllowedError'), 'errors.cancelled'],
    [webAuthnError('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'NotAllowedError'), 'errors.cancelled'],
    [webAuthnError('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'InvalidStateError'), 'errors.alreadyRegistered'],
    [domError('InvalidStateError'), 'errors.alreadyRegistered'],
    [new Error('WebAuthn is not supported in this browser'), 'errors.unsupported'],
    [new Error('Browser does not support WebAuthn'), 'errors.unsupported'],
    [domError('NotSupportedError'), 'errors.unsupported'],
    [domError('SecurityError'), 'errors.failed'],
    ['not even an error', 'errors.failed'],
  ])('%s → %s', (error, key) => {
    expect(ceremonyProblem(error)).toBe(key);
  });

  it.each([[webAuthnError('ERROR_CEREMONY_ABORTED', 'AbortError')], [domError('AbortError')]])('says nothing when the ceremony was cut short on purpose (%s)', (error) => {
    expect(ceremonyProblem(error)).toBeNull();
  });
});
