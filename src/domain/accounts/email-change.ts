import { z } from 'zod';

/**
 * Changing one's email (issue 32, part 2; decision 051): a link to the new address confirms it;
 * the old address gets a notice with "This wasn't me", which for a while after the request puts
 * the old address back and ends every session. Pure rules here; the service applies them.
 */

/** An address is at most 254 characters (RFC 5321's path limit). */
export const EMAIL_MAX = 254;
/** A link's token: 32 random bytes in base64url. */
export const EMAIL_CHANGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const EMAIL_CHANGE_MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  sameEmail: 'That is already your email address.',
  requested: 'Check your new address for a link to confirm it. Until then your email stays the same.',
  badLink: 'This link is not valid, has expired or was already used. Ask for a new one from your security page.',
  addressTaken: 'This address now belongs to another account, so it cannot be used.',
  oldAddressTaken: 'Your previous address now belongs to another account, so it cannot be put back. Please contact support.',
  changedMeanwhile: 'Your email changed since this link was sent. Ask for a new one from your security page.',
  nothingPending: 'There is no email change waiting for confirmation.',
} as const;

export const emailAddressSchema = z
  .string({ error: EMAIL_CHANGE_MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, EMAIL_CHANGE_MESSAGES.invalidEmail)
  .pipe(z.email({ error: EMAIL_CHANGE_MESSAGES.invalidEmail }));

export const requestEmailChangeSchema = z.object({ newEmail: emailAddressSchema });
export type RequestEmailChange = z.infer<typeof requestEmailChangeSchema>;

export const emailChangeTokenSchema = z.object({
  token: z.string({ error: EMAIL_CHANGE_MESSAGES.badLink }).regex(EMAIL_CHANGE_TOKEN_PATTERN, EMAIL_CHANGE_MESSAGES.badLink),
});

export const pendingEmailChangeSchema = z.object({ newEmail: z.string(), requestedAt: z.iso.datetime(), confirmExpiresAt: z.iso.datetime() });
export const ownEmailSchema = z.object({ email: z.string(), pending: pendingEmailChangeSchema.nullable() });
export const emailChangeRequestedSchema = z.object({ message: z.string(), pending: pendingEmailChangeSchema });
export const emailChangeConfirmedSchema = z.object({ email: z.string() });
export const emailChangeUndoneSchema = z.object({ email: z.string(), signedOut: z.literal(true) });
export type OwnEmail = z.infer<typeof ownEmailSchema>;
export type EmailChangeRequested = z.infer<typeof emailChangeRequestedSchema>;
export type EmailChangeConfirmed = z.infer<typeof emailChangeConfirmedSchema>;
export type EmailChangeUndone = z.infer<typeof emailChangeUndoneSchema>;

export interface EmailChangePolicy {
  confirmHours: number;
  undoHours: number;
}

/** When a request's two links stop working. */
export function emailChangeExpiries(requestedAt: Date, policy: EmailChangePolicy): { confirmExpiresAt: Date; undoExpiresAt: Date } {
  return {
    confirmExpiresAt: new Date(requestedAt.getTime() + policy.confirmHours * 3_600_000),
    undoExpiresAt: new Date(requestedAt.getTime() + policy.undoHours * 3_600_000),
  };
}

/** What the rules need of a change's row. */
export interface EmailChangeState {
  oldEmail: string;
  newEmail: string;
  confirmExpiresAt: Date;
  confirmedAt: Date | null;
  undoExpiresAt: Date | null;
  undoneAt: Date | null;
  cancelledAt: Date | null;
}

export type Refusal = keyof typeof EMAIL_CHANGE_MESSAGES;

/**
 * Whether the confirmation link may change the address now: only once, before it expires,
 * for a change neither replaced nor undone, while the account still has the address it had.
 */
export function confirmRefusal(change: EmailChangeState, currentEmail: string, now: Date): Refusal | null {
  if (change.confirmedAt || change.cancelledAt || change.undoneAt) return 'badLink';
  if (now.getTime() >= change.confirmExpiresAt.getTime()) return 'badLink';
  if (currentEmail.toLowerCase() !== change.oldEmail.toLowerCase()) return 'changedMeanwhile';
  return null;
}

/**
 * Whether "This wasn't me" still works: once, until its expiry, whether or not the change was
 * confirmed (or replaced by a newer one: the person still wants every session ended).
 */
export function undoRefusal(change: EmailChangeState, now: Date): Refusal | null {
  if (change.undoneAt || !change.undoExpiresAt) return 'badLink';
  if (now.getTime() >= change.undoExpiresAt.getTime()) return 'badLink';
  return null;
}
