import { WebAuthnError } from '@simplewebauthn/browser';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { ceremonyProblem, ceremonyProblemText } from './passkey-api';

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

describe('the text shown when a ceremony fails', () => {
  const t = ((key: string) => `[${key}]`) as unknown as TFunction<'passkeys'>;

  it("gives the server's refusal as it wrote it", () => {
    expect(ceremonyProblemText(new ApiError(409, 'passkey_limit', 'You have 10 passkeys already.'), t)).toBe('You have 10 passkeys already.');
  });

  it("gives the browser's problem in the page's words", () => {
    expect(ceremonyProblemText(domError('NotAllowedError'), t)).toBe('[errors.cancelled]');
  });

  it('says nothing when the ceremony was cut short on purpose', () => {
    expect(ceremonyProblemText(domError('AbortError'), t)).toBeNull();
  });
});
