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

export const PAYMENT_STATES = ['none', 'pending', 'succeeded', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const IDENTITY_STATES = ['none', 'pending', 'verified', 'failed'] as const;
export type IdentityState = (typeof IDENTITY_STATES)[number];
/** Which provider plays the payment and identity part: Stripe, the local test mode, or none. */
export const VERIFICATION_MODES = ['stripe', 'test', 'unavailable'] as const;
export type VerificationMode = (typeof VERIFICATION_MODES)[number];

/** What GET /api/verification answers: only what the server has recorded. */
export const verificationStatusSchema = z.object({
  verified: z.boolean(),
  feePaid: z.boolean(),
  feeCents: z.number().int(),
  payment: z.enum(PAYMENT_STATES),
  identity: z.enum(IDENTITY_STATES),
  mode: z.enum(VERIFICATION_MODES),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** POST /api/verification/check: the status again, with the spec's title when not verified. */
export const verificationCheckResultSchema = verificationStatusSchema.extend({
  /**
   * 'Verified' or the spec's 'Not Yet Verified' in English; like `message`, it is said in the
   * request's language (issue 15), so another language gets other words.
   */
  title: z.string(),
  message: z.string(),
});
export type VerificationCheckResult = z.infer<typeof verificationCheckResultSchema>;

/** Where the browser goes next: the provider's hosted page (a checkout or an identity check). */
export const checkoutRedirectSchema = z.object({ url: z.string() }).meta({ id: 'CheckoutRedirect' });
export type CheckoutRedirect = z.infer<typeof checkoutRedirectSchema>;

/** POST /webhooks/stripe: the event was recorded (or is one the app does not act on). */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });

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
