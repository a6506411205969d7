import { z } from 'zod';
import { ApiError } from '../../api/http';

/** The /auth page's texts: the spec's wording where it gives one. */
export const AUTH_TEXT = {
  loginFailed: 'An error occurred during login',
  resetFailed: 'An error occurred while sending reset email',
  registerFailed: 'An error occurred during registration',
  newPasswordFailed: 'An error occurred while resetting your password',
  resendFailed: 'Could not send the confirmation email. Please try again.',
  emailNotVerified: 'Please confirm your email first. We sent you a new confirmation link.',
  confirmLinkInvalid: 'This confirmation link is invalid or has expired. Log in to receive a new one.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Request a new one below.',
  resetLinkExpired: 'This password reset link is invalid or has expired. Request a new one.',
  passwordUpdated: 'Password updated',
  passwordUpdatedBody: 'You can now log in with your new password.',
  emailConfirmed: 'Email confirmed',
  emailConfirmedBody: 'Welcome to the Graduated Unanimous Caucus!',
  confirmedPleaseLogIn: 'Your email is confirmed. Log in to continue.',
  referred: 'You were referred by a community member',
  referrerReward: 'Your referrer will be awarded 1 Spark once you confirm your email!',
  registeredTitle: 'Registration submitted',
  registeredBody: 'Check your inbox for a confirmation email',
  resetSentTitle: 'Reset Email Sent',
  resetSentBody: 'Check your inbox for a password reset link',
  forgotTitle: 'Reset Your Password',
} as const;

/** Where the confirmation link lands (the server appends `error=…` when it fails). */
export const CONFIRM_CALLBACK = '/auth?confirmed=1';
/** Where the password-reset link lands (the server appends `token=…` or `error=…`). */
export const RESET_REDIRECT = '/auth?reset=true';

const GENERIC = /^Request failed \(\d+\)$/;

/** The server's message when it gave a useful one, else the spec's fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.message && !GENERIC.test(error.message)) return error.message;
  return fallback;
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** A referral id is sent to the server only when it looks like a user id. */
export function isUserId(value: string | null): value is string {
  return !!value && z.uuid().safeParse(value).success;
}
