import { z } from 'zod';

/**
 * "Confirm it's you" (issue 32): the password, or an authenticator or recovery code; a passkey
 * confirms through its own ceremony (the passkeys feature). Never in a URL (decision 035).
 */
export const CONFIRM_IDENTITY_MESSAGES = {
  answerRequired: 'Enter your password or a code from your authenticator app.',
  wrongPassword: 'That password is not right.',
  wrongCode: 'That code is not right.',
  browserOnly: 'Only a signed-in browser can confirm it’s you.',
} as const;

/** Longest password better-auth accepts (its maxPasswordLength default), longest code we read. */
export const CONFIRM_PASSWORD_MAX = 128;
export const CONFIRM_CODE_MAX = 32;

/** Exactly one answer: `password`, or `code`. */
export const confirmIdentitySchema = z
  .strictObject(
    {
      password: z.string({ error: CONFIRM_IDENTITY_MESSAGES.answerRequired }).max(CONFIRM_PASSWORD_MAX, { error: CONFIRM_IDENTITY_MESSAGES.wrongPassword }).optional(),
      code: z.string({ error: CONFIRM_IDENTITY_MESSAGES.answerRequired }).trim().max(CONFIRM_CODE_MAX, { error: CONFIRM_IDENTITY_MESSAGES.wrongCode }).optional(),
    },
    { error: CONFIRM_IDENTITY_MESSAGES.answerRequired },
  )
  .refine((v) => Number(!!v.password) + Number(!!v.code) === 1, { error: CONFIRM_IDENTITY_MESSAGES.answerRequired });
export type ConfirmIdentityInput = z.infer<typeof confirmIdentitySchema>;

export const confirmedIdentitySchema = z.object({ confirmed: z.literal(true), provenAt: z.iso.datetime() });

/** What the person can confirm with (for the dialog, and the administrator set-up screen). */
export const signInMethodsSchema = z.object({
  password: z.boolean(),
  twoStep: z.boolean(),
  passkeys: z.number().int().min(0),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;
