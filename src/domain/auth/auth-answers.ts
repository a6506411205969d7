import { z } from 'zod';
import { apiErrorSchema } from '../api/api-error';

/**
 * The sign-in, sign-up, confirmation and reset endpoints are better-auth's (decision 004): their
 * requests and answers as /api/openapi.json documents them (issue 17). better-auth refuses with
 * `{ code, message }` at the top level; the app's own guards in front of it with the app's shape.
 */
export const authRefusalSchema = z
  .union([apiErrorSchema, z.looseObject({ code: z.string().optional(), message: z.string() })])
  .meta({ id: 'AuthRefusal' });

const callbackURL = z.string().optional().describe('Where the confirmation link lands (a path of this app)');

export const signUpBodySchema = z.object({
  email: z.string(),
  password: z.string().min(8).max(128),
  name: z.string(),
  politicalAlignment: z.string(),
  state: z.string(),
  district: z.number().int(),
  recruitedBy: z.string().optional(),
  callbackURL,
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signInBodySchema = z.object({ email: z.string(), password: z.string(), rememberMe: z.boolean().optional(), callbackURL });
export const emailBodySchema = z.object({ email: z.string(), callbackURL });
export const resetRequestBodySchema = z.object({ email: z.string(), redirectTo: z.string().optional() });
export const resetPasswordBodySchema = z.object({ newPassword: z.string().min(8).max(128), token: z.string() });

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
export const signInAnswerSchema = z.looseObject({ redirect: z.boolean(), token: z.string(), url: z.string().nullable().optional(), user: authUserSchema });
export const statusAnswerSchema = z.looseObject({ status: z.boolean(), message: z.string().optional() });
export const signOutAnswerSchema = z.object({ success: z.boolean() });
