import type { z } from 'zod';
import {
  authRefusalSchema,
  emailBodySchema,
  resetLinkQuerySchema,
  resetPasswordBodySchema,
  resetRequestBodySchema,
  signInAnswerSchema,
  signInBodySchema,
  signOutAnswerSchema,
  signUpAnswerSchema,
  signUpBodySchema,
  statusAnswerSchema,
  twoStepCodeBodySchema,
  twoStepSignedInSchema,
  verifyEmailQuerySchema,
} from '../../../domain/auth/auth-answers';
import { documented, type DocumentedResponse, type RouteAccess } from '../../http/api-docs';
import { ceremonyOptionsSchema, passkeyAssertionSchema, passkeySignInAnswerSchema } from '../../../domain/accounts/passkeys';

const TAGS = ['Account'];

/** better-auth's refusals have its own shape; the app's guards in front of it use the app's. */
const REFUSALS: Record<number, DocumentedResponse> = Object.fromEntries(
  [400, 401, 403, 404, 413, 422, 429, 500].map((status) => [status, authRefusalSchema]),
);

const REDIRECT: DocumentedResponse = { description: 'Redirect to the page the link names (Location)' };

function authRoute(summary: string, responses: Record<number, DocumentedResponse>, body?: z.ZodType, access: RouteAccess = 'public') {
  return documented({
    access,
    summary,
    tags: TAGS,
    responses: { ...REFUSALS, ...responses },
    ...(body ? { requestBody: { mediaType: 'application/json', schema: body } } : {}),
  });
}

/**
 * The query of the better-auth endpoints that read one, checked in front of better-auth with
 * the app's validator: the same schema refuses a link without its parts and documents them.
 */
export const AUTH_QUERIES: Record<string, z.ZodType> = {
  'GET /api/auth/verify-email': verifyEmailQuerySchema,
  'GET /api/auth/reset-password/{token}': resetLinkQuerySchema,
};

/** The description of each better-auth endpoint the app exposes (AUTH_ENDPOINTS in app.ts). */
export const AUTH_DOCS: Record<string, ReturnType<typeof documented>> = {
  'POST /api/auth/sign-up/email': authRoute('Create an account; a confirmation mail follows', { 200: signUpAnswerSchema }, signUpBodySchema),
  'POST /api/auth/sign-in/email': authRoute('Sign in with email and password (sets the session cookie)', { 200: signInAnswerSchema }, signInBodySchema),
  'POST /api/auth/sign-out': authRoute(
    'Sign out (clears the session cookie)',
    { 200: signOutAnswerSchema },
    undefined,
    // Without a session it answers the same; it takes no body (an empty one, without Content-Type, is fine).
    'optional',
  ),
  'GET /api/auth/verify-email': authRoute('Confirm an email address from the link in the mail', { 200: statusAnswerSchema, 302: REDIRECT }),
  'POST /api/auth/send-verification-email': authRoute('Send the confirmation mail again', { 200: statusAnswerSchema }, emailBodySchema),
  'POST /api/auth/request-password-reset': authRoute('Mail a password-reset link', { 200: statusAnswerSchema }, resetRequestBodySchema),
  'GET /api/auth/reset-password/{token}': authRoute('Open a password-reset link (redirects to the new-password form)', { 302: REDIRECT }),
  'POST /api/auth/reset-password': authRoute('Choose a new password with the token from the link', { 200: statusAnswerSchema }, resetPasswordBodySchema),
  // Passkeys (issue 32, decision 049).
  'POST /api/auth/passkey/sign-in-options': authRoute('Start signing in with a passkey: the options for the browser (any passkey of this site)', { 200: ceremonyOptionsSchema }, undefined, 'public'),
  'POST /api/auth/sign-in/passkey': authRoute("Sign in with a passkey: the browser's answer (sets the session cookie)", { 200: passkeySignInAnswerSchema }, passkeyAssertionSchema),
  'POST /api/auth/two-factor/verify-totp': authRoute('Sign in, step two: the code from the authenticator app (after the password; sets the session cookie)', { 200: twoStepSignedInSchema }, twoStepCodeBodySchema),
  'POST /api/auth/two-factor/verify-backup-code': authRoute('Sign in, step two: a single-use recovery code instead (sets the session cookie)', { 200: twoStepSignedInSchema }, twoStepCodeBodySchema),
};
