import { z } from 'zod';

/** The verification fee: $3.00 (spec, Constants). */
export const VERIFICATION_FEE_CENTS = 300;

/** Cents as dollars with 2 decimals: 300 → "$3.00". */
export const formatDollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/** The form's label, exactly as the spec writes it. */
export const GOVERNMENT_ID_LABEL = 'U.S. Government ID#';

export const VERIFICATION_MESSAGES = {
  invalidGovernmentId: 'Enter your U.S. Government ID# (4 to 20 letters, digits or dashes).',
  startFailed: 'Verification Error: Failed to start verification session.',
  paymentStartFailed: 'Verification Error: Failed to start the $3.00 payment. Please try again.',
  sessionError: 'Session Error: The verification session could not be created. Please try again.',
  notLoggedIn: 'Authentication Error: No user logged in.',
  databaseError: 'Database Error: Your verification could not be saved. Please try again.',
  statusCheckFailed: 'Status Check Failed: The verification status could not be checked. Please try again.',
  notYetVerified: 'Not Yet Verified',
  unavailable: 'Verification Error: Verification is not available on this server right now.',
  alreadyVerified: 'Your account is already verified.',
  feeAlreadyPaid: 'Your $3.00 verification fee is already paid.',
  identityAlreadyVerified: 'Your identity is already verified.',
  governmentIdInUse: 'This U.S. Government ID# is already used by another verified account.',
} as const;

/**
 * The 'U.S. Government ID#' field, checked loosely: 4 to 20 letters, digits or dashes
 * (driver's licence, state ID and passport numbers vary by issuer).
 */
export const governmentIdSchema = z
  .string({ error: VERIFICATION_MESSAGES.invalidGovernmentId })
  .trim()
  .regex(/^[A-Za-z0-9-]{4,20}$/, VERIFICATION_MESSAGES.invalidGovernmentId);

export const startIdentitySchema = z.object({ governmentId: governmentIdSchema });
export type StartIdentityInput = z.infer<typeof startIdentitySchema>;

/**
 * The number in the one form in which it is compared: upper case, without dashes, so
 * "d123-4567" and "D1234567" are the same ID.
 */
export const normalizeGovernmentId = (id: string): string => id.trim().toUpperCase().replace(/-/g, '');

export type PaymentState = 'none' | 'pending' | 'succeeded' | 'failed';
export type IdentityState = 'none' | 'pending' | 'verified' | 'failed';
/** Which provider plays the payment and identity part: Stripe, the local test mode, or none. */
export type VerificationMode = 'stripe' | 'test' | 'unavailable';

/** What GET /api/verification answers: only what the server has recorded. */
export interface VerificationStatus {
  verified: boolean;
  feePaid: boolean;
  feeCents: number;
  payment: PaymentState;
  identity: IdentityState;
  mode: VerificationMode;
}

/** POST /api/verification/check: the status again, with the spec's title when not verified. */
export interface VerificationCheckResult extends VerificationStatus {
  title: 'Verified' | typeof VERIFICATION_MESSAGES.notYetVerified;
  message: string;
}

/** What is still missing, in words (the 'Not Yet Verified' description). */
export function missingStepsMessage(s: Pick<VerificationStatus, 'verified' | 'feePaid' | 'identity'>): string {
  if (s.verified) return 'Your account is verified.';
  const missing: string[] = [];
  if (!s.feePaid) missing.push(`the ${formatDollars(VERIFICATION_FEE_CENTS)} verification fee has not been received`);
  if (s.identity === 'none') missing.push('the identity check has not been started');
  else if (s.identity === 'pending') missing.push('the identity check is still in progress');
  else if (s.identity === 'failed') missing.push('the identity check did not pass; please start a new one');
  if (missing.length === 0) return 'Both steps are done; your verification is being completed. Please check again in a moment.';
  const text = missing.join(', and ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
