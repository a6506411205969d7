import { api } from '../../api/http';
import { CONFIRM_CALLBACK, RESET_REDIRECT } from '../../../domain/auth/auth-form-result';
import type { signUpBody } from '../../../domain/auth/auth-forms';

/** The better-auth endpoints the /auth page calls (under /api/auth). */
export function signIn(email: string, password: string) {
  // callbackURL: where the fresh confirmation link (sent when the email is not yet confirmed) lands.
  return api<unknown>('/api/auth/sign-in/email', { method: 'POST', json: { email, password, callbackURL: CONFIRM_CALLBACK } });
}

/** The body is signUpBody's (domain/auth/auth-forms), shared with the form posted without JavaScript. */
export function signUp(body: ReturnType<typeof signUpBody>) {
  return api<unknown>('/api/auth/sign-up/email', { method: 'POST', json: body });
}

export function requestPasswordReset(email: string) {
  return api<unknown>('/api/auth/request-password-reset', { method: 'POST', json: { email, redirectTo: RESET_REDIRECT } });
}

export function resetPassword(newPassword: string, token: string) {
  return api<unknown>('/api/auth/reset-password', { method: 'POST', json: { newPassword, token } });
}

export function resendConfirmation(email: string) {
  return api<unknown>('/api/auth/send-verification-email', { method: 'POST', json: { email, callbackURL: CONFIRM_CALLBACK } });
}
