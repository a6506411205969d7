import { z } from 'zod';
import { apiErrorSchema } from '../api/api-error';
import { MAX_DISTRICT } from '../geography/states';
import { PASSWORD_MAX, PASSWORD_MIN } from '../profiles/limits';
import { signUpProfileSchema, stateSchema } from '../profiles/profile-schemas';
import { singleLineText } from '../text/text-schema';

/**
 * The sign-in, sign-up, confirmation and reset endpoints are better-auth's (decision 004): their
 * requests and answers as /api/openapi.json documents them (issue 17). better-auth refuses with
 * `{ code, message }` at the top level; the app's own guards in front of it with the app's shape.
 */
export const authRefusalSchema = z
  .union([apiErrorSchema, z.looseObject({ code: z.string().optional(), message: z.string() })])
  .meta({ id: 'AuthRefusal' });

/**
 * Every string better-auth's routes take is refused with control characters in it
 * (authInputGuard), so each carries the same `pattern` as the app's own text fields.
 */
const text = () => singleLineText();
const callbackURL = text().optional().describe('Where the confirmation link lands (a path of this app)');
const email = z.email();
const password = text().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const signUpBodySchema = z.object({
  email,
  password,
  name: signUpProfileSchema.shape.name,
  politicalAlignment: signUpProfileSchema.shape.politicalAlignment,
  state: stateSchema,
  district: z.int().min(1).max(MAX_DISTRICT).describe("1 to the state's number of House districts"),
  recruitedBy: z.uuid().nullable().optional(),
  callbackURL,
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signInBodySchema = z.object({ email, password: text(), rememberMe: z.boolean().optional(), callbackURL });
export const emailBodySchema = z.object({ email, callbackURL });
export const resetRequestBodySchema = z.object({ email, redirectTo: text().optional() });
export const resetPasswordBodySchema = z.object({ newPassword: password, token: text() });

/** What a link from a mail that lacks its parts is told (the guard in front of better-auth says the same). */
export const LINK_INVALID = 'This link is not valid. Please use the link from your email.';
const linkPart = () => singleLineText({ error: LINK_INVALID }).min(1, LINK_INVALID);

/** GET /api/auth/verify-email: the link in the confirmation mail. */
export const verifyEmailQuerySchema = z.object({
  token: linkPart().describe('The token of the confirmation link'),
  callbackURL: callbackURL.describe('Where the link lands once the address is confirmed (a path of this app)'),
});
/** GET /api/auth/reset-password/{token}: the link in the reset mail, which names the page to land on. */
export const resetLinkQuerySchema = z.object({
  callbackURL: linkPart().describe('The page of this app the link lands on, with the token'),
});

/** The user better-auth returns after sign-up and sign-in (its own fields and the app's). */
export const authUserSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const signUpAnswerSchema = z.looseObject({ token: z.string().nullable(), user: authUserSchema });
/** Signed in; or, with two-step sign-in on (decision 050), the code step is next (the two_factor cookie is set). */
export const signInAnswerSchema = z.union([
  z.looseObject({ redirect: z.boolean(), token: z.string(), url: z.string().nullable().optional(), user: authUserSchema }),
  z.looseObject({ twoFactorRedirect: z.literal(true), twoFactorMethods: z.array(z.string()) }),
]);
/** The code step of a sign-in (decision 050): the authenticator code or a recovery code, and "trust this device". */
export const twoStepCodeBodySchema = z.object({
  code: text().max(32).describe('The authenticator code (6 digits) or, on verify-backup-code, a recovery code (xxxxx-xxxxx)'),
  trustDevice: z.boolean().optional().describe('Skip the code on this browser for TWO_STEP_TRUST_DAYS days'),
});
export const twoStepSignedInSchema = z.looseObject({ token: z.string().optional(), user: authUserSchema });
export const statusAnswerSchema = z.looseObject({ status: z.boolean(), message: z.string().optional() });
export const signOutAnswerSchema = z.object({ success: z.boolean() });
