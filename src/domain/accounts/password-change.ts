import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../profiles/limits';

/** Changing one's password from /security (issue 32): the words people read. */
export const PASSWORD_CHANGE_MESSAGES = {
  currentRequired: 'Please enter your current password.',
  wrongCurrent: 'Your current password is not correct.',
  tooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  // PASSWORD_MAX (128), written out: the Spanish table is keyed by the exact text.
  tooLong: 'Password must be at most 128 characters',
  sameAsCurrent: 'Choose a new password different from your current one.',
  noPassword: 'This account has no password to change. Use “Forgot your password?” on the sign-in page to set one.',
} as const;

/** POST /api/me/password. The confirmation field is the page's; the server takes the two passwords. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: PASSWORD_CHANGE_MESSAGES.currentRequired }).min(1, PASSWORD_CHANGE_MESSAGES.currentRequired).max(PASSWORD_MAX, PASSWORD_CHANGE_MESSAGES.wrongCurrent),
  newPassword: z.string({ error: PASSWORD_CHANGE_MESSAGES.tooShort }).min(PASSWORD_MIN, PASSWORD_CHANGE_MESSAGES.tooShort).max(PASSWORD_MAX, PASSWORD_CHANGE_MESSAGES.tooLong),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const passwordChangedSchema = z.object({
  changed: z.literal(true),
  /** How many other sessions (devices) were signed out. */
  signedOutSessions: z.number().int().min(0),
});
export type PasswordChanged = z.infer<typeof passwordChangedSchema>;
