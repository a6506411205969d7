import { z } from 'zod';

/**
 * Two-step sign-in with an authenticator app (issue 32, decision 050): better-auth's two-factor
 * plugin keeps the key and the recovery codes; these are the rules around it that need no
 * database: the words people read, how a typed code is read, how the key is shown.
 */

/** Digits of an authenticator code (RFC 6238 TOTP, 30 seconds), as better-auth's plugin is set. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** How many single-use recovery codes a person gets (the plugin's default). */
export const RECOVERY_CODES_COUNT = 10;
/** "Trust this device" lasts this many days unless TWO_STEP_TRUST_DAYS says otherwise (the sign-in page's words). */
export const TRUST_DAYS_DEFAULT = 30;
/** The longest code field read (a recovery code is 11 characters; room for spaces). */
export const CODE_INPUT_MAX = 32;

export const TWO_STEP_MESSAGES = {
  wrongPassword: 'That password is not right.',
  wrongCode: 'That code is not right. Type the newest code your authenticator app shows.',
  wrongRecoveryCode: 'That recovery code is not right, or it was already used.',
  codeRequired: 'Type the code from your authenticator app.',
  passwordRequired: 'Type your password.',
  alreadyOn: 'Two-step sign-in is already on.',
  notOn: 'Two-step sign-in is not on.',
  nothingToConfirm: 'Start turning on two-step sign-in first: the setup expired or was never started.',
  signInExpired: 'This sign-in has expired. Sign in with your password again.',
  tooManyCodes: 'Too many wrong codes. Sign in with your password again.',
  locked: 'Too many wrong codes for this account. Please wait a few minutes and try again.',
} as const;

/** The key of an otpauth:// address (the `secret` parameter, base32), or null. */
export function keyOfOtpauthUri(uri: string): string | null {
  if (!uri.startsWith('otpauth://')) return null;
  try {
    const secret = new URL(uri).searchParams.get('secret');
    return secret && /^[A-Z2-7]+=*$/i.test(secret) ? secret.toUpperCase().replace(/=+$/, '') : null;
  } catch {
    return null;
  }
}

/** A base32 key in groups of four, as people type it into an app ("ABCD EFGH …"). */
export function groupKey(key: string): string {
  return (key.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

export type ReadCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string } | { kind: 'invalid' };

/**
 * What a typed code is: six digits (spaces and dashes people add are dropped) is an authenticator
 * code; ten letters and digits, with or without the dash in the middle, a recovery code, written
 * as better-auth keeps it ("abcde-12345"; its letters are case-sensitive).
 */
export function readCode(input: string): ReadCode {
  const compact = input.trim().replace(/[\s-]+/g, '');
  if (compact.length > CODE_INPUT_MAX) return { kind: 'invalid' };
  if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(compact)) return { kind: 'totp', code: compact };
  if (/^[A-Za-z0-9]{10}$/.test(compact)) return { kind: 'recovery', code: `${compact.slice(0, 5)}-${compact.slice(5)}` };
  return { kind: 'invalid' };
}

const password = z.string({ error: TWO_STEP_MESSAGES.passwordRequired }).min(1, TWO_STEP_MESSAGES.passwordRequired).max(128, TWO_STEP_MESSAGES.wrongPassword);
const code = z.string({ error: TWO_STEP_MESSAGES.codeRequired }).trim().min(1, TWO_STEP_MESSAGES.codeRequired).max(CODE_INPUT_MAX, TWO_STEP_MESSAGES.wrongCode);

/** Turning on, new recovery codes and turning off: the password. */
export const twoStepPasswordSchema = z.object({ password });
/** Confirming the setup: the first code the app shows. */
export const twoStepConfirmSchema = z.object({ code });

export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  /** How many unused recovery codes are left (null when two-step sign-in is off). */
  recoveryCodesLeft: z.number().int().min(0).nullable(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

export const twoStepSetupSchema = z.object({
  /** The otpauth:// address the QR code carries. */
  totpUri: z.string(),
  /** The same key in text, for typing it in. */
  key: z.string(),
});
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
