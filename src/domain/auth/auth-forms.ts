import { z } from 'zod';
import { resolveAlignment } from '../profiles/alignment';
import { PASSWORD_MIN } from '../profiles/limits';
import { MESSAGES, registerFormSchema } from '../profiles/profile-schemas';
import { hasControlCharacters } from '../text/text-schema';
import { readCode, TWO_STEP_MESSAGES } from '../accounts/two-step';
import { PAGE_FORM_FIELD, type PageFormCall } from '../rendering/page-form';
import {
  CONFIRM_CALLBACK,
  DEFAULT_POST_LOGIN_PATH,
  RESET_REDIRECT,
  TWO_STEP_FORM,
  TWO_STEP_PARAM,
  type AuthFormName,
  type AuthFormResult,
  type AuthFormValues,
  type FormProblems,
} from './auth-form-result';

/**
 * The /auth page's forms sent without JavaScript (decision 035): the server reads the
 * form-encoded body with these rules, asks the same JSON endpoints the page's code asks, and
 * answers with a redirect or the page drawn again with what went wrong. The page's code reads
 * the same result to draw that page (src/web/features/auth).
 */

export type AuthFormReading =
  | { kind: 'unknown' }
  | { kind: 'invalid'; result: AuthFormResult }
  | { kind: 'call'; form: AuthFormName; call: PageFormCall; values: AuthFormValues };

/** The refusal of a set-new-password form sent without the token of its link. */
export const MISSING_TOKEN = { status: 400, code: 'INVALID_TOKEN', message: 'This password reset link is invalid or has expired.' } as const;

/**
 * What better-auth's sign-up endpoint is sent, the same from the page's code and from the form
 * posted without it: the checked fields, the alignment resolved, the recruiter when there is one.
 */
export function signUpBody(data: z.infer<typeof registerFormSchema>, politicalAlignment: string, recruitedBy?: string) {
  return {
    email: data.email,
    password: data.password,
    name: data.name,
    politicalAlignment,
    state: data.state,
    district: Number(data.district),
    ...(recruitedBy ? { recruitedBy } : {}),
    callbackURL: CONFIRM_CALLBACK,
  };
}

const text = (fields: URLSearchParams, name: string): string => fields.get(name) ?? '';
const isUserId = (value: string | null): value is string => !!value && z.uuid().safeParse(value).success;

/**
 * Zod issues as one problem per field (the first); "required" issues become `true`, the others
 * keep the schema's message (translated where it is shown).
 */
export function problemsOf(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): FormProblems {
  const problems: FormProblems = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || problems[field]) continue;
    problems[field] = issue.message === MESSAGES.requiredFields ? true : issue.message;
  }
  return problems;
}

const refused = (form: AuthFormName, values: AuthFormValues, problems: FormProblems): AuthFormReading => ({
  kind: 'invalid',
  result: { form, outcome: 'refused', values, problems },
});

/**
 * Reads one of the /auth page's forms (its fields as the page names them) with the page's own
 * checks; `query` is the page's query string (`ref`, the reset `token`). The call it asks for is
 * the one the page's code makes (src/web/features/auth/auth-api.ts).
 */
export function readAuthForm(fields: URLSearchParams, query: URLSearchParams): AuthFormReading {
  const form = fields.get(PAGE_FORM_FIELD);
  switch (form) {
    case 'login': {
      const email = text(fields, 'email').trim();
      const password = text(fields, 'password');
      const values = { email };
      if (!email || !password) return refused(form, values, { email: email ? undefined : true, password: password ? undefined : true });
      return { kind: 'call', form, values, call: { path: '/api/auth/sign-in/email', body: { email, password, callbackURL: CONFIRM_CALLBACK } } };
    }
    case 'register': {
      const input = {
        name: text(fields, 'name'),
        email: text(fields, 'email'),
        password: text(fields, 'new-password'),
        confirmPassword: text(fields, 'confirm-password'),
        alignment: text(fields, 'alignment'),
        otherAlignment: text(fields, 'other-alignment'),
        state: text(fields, 'state'),
        district: text(fields, 'district'),
      };
      const values: AuthFormValues = {
        name: input.name,
        email: input.email,
        alignment: input.alignment,
        otherAlignment: input.otherAlignment,
        state: input.state,
        district: input.district,
      };
      const parsed = registerFormSchema.safeParse(input);
      if (!parsed.success) return refused(form, values, problemsOf(parsed.error.issues));
      const data = parsed.data;
      const politicalAlignment = resolveAlignment(data.alignment, data.otherAlignment);
      if (!politicalAlignment) return refused(form, values, { alignment: MESSAGES.invalidAlignment });
      const ref = query.get('ref');
      const body = signUpBody(data, politicalAlignment, isUserId(ref) ? ref : undefined);
      return { kind: 'call', form, values: { ...values, email: data.email }, call: { path: '/api/auth/sign-up/email', body } };
    }
    case 'forgot': {
      const email = text(fields, 'email').trim();
      const values = { email };
      if (!email) return refused(form, values, { email: true });
      if (!z.email().safeParse(email).success) return refused(form, values, { email: MESSAGES.invalidEmail });
      return { kind: 'call', form, values, call: { path: '/api/auth/request-password-reset', body: { email, redirectTo: RESET_REDIRECT } } };
    }
    case 'new-password': {
      const token = query.get('token') ?? '';
      const password = text(fields, 'new-password');
      const confirm = text(fields, 'confirm-password');
      if (!token) return { kind: 'invalid', result: { form, outcome: 'refused', values: {}, refusal: { ...MISSING_TOKEN } } };
      const problems: FormProblems = {};
      if (!password) problems.password = true;
      else if (password.length < PASSWORD_MIN) problems.password = MESSAGES.passwordTooShort;
      if (!confirm) problems.confirm = true;
      else if (password && confirm !== password) problems.confirm = MESSAGES.passwordsDoNotMatch;
      if (problems.password || problems.confirm) return refused(form, {}, problems);
      return { kind: 'call', form, values: {}, call: { path: '/api/auth/reset-password', body: { newPassword: password, token } } };
    }
    case TWO_STEP_FORM: {
      // The code step after the password (decision 050): an authenticator code or a recovery code,
      // told apart by their shape, with better-auth's two_factor cookie from the sign-in.
      const typed = text(fields, 'code');
      if (!typed.trim()) return refused(form, {}, { code: true });
      const code = readCode(typed);
      if (code.kind === 'invalid') return { kind: 'invalid', result: { form, outcome: 'refused', values: {}, refusal: { status: 400, code: 'wrong_code', message: TWO_STEP_MESSAGES.wrongCode } } };
      const path = code.kind === 'totp' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code';
      return { kind: 'call', form, values: {}, call: { path, body: { code: code.code, trustDevice: fields.get('trust') === '1' } } };
    }
    default:
      return { kind: 'unknown' };
  }
}

/** The code step's page after a right password with two-step sign-in on, the page asked for kept. */
export function twoStepPath(next: string | null): string {
  const path = postLoginPath(next);
  return path === DEFAULT_POST_LOGIN_PATH ? `/auth?${TWO_STEP_PARAM}=1` : `/auth?${TWO_STEP_PARAM}=1&next=${encodeURIComponent(path)}`;
}

/** Where a sign-in sent without JavaScript goes: the page's `next` when it is a page of this app, else /profile. */
export function postLoginPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || next.startsWith('/auth')) return DEFAULT_POST_LOGIN_PATH;
  if (hasControlCharacters(next) || !URL.canParse(next, 'http://app.invalid')) return DEFAULT_POST_LOGIN_PATH;
  return next;
}
