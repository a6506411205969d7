import type { FormRefusal } from '../rendering/page-form';

/**
 * What the /auth page's forms sent without JavaScript (decision 035) have in common between the
 * server and the page: the addresses they lead to and how one went (the page is drawn with it).
 * Plain data: no zod, so the page's first load stays light. What every page form shares is in
 * src/domain/rendering/page-form.ts.
 */

/** Where the confirmation link lands (the server appends `error=…` when it fails). */
export const CONFIRM_CALLBACK = '/auth?confirmed=1';
/** Where the password-reset link lands (the server appends `token=…` or `error=…`). */
export const RESET_REDIRECT = '/auth?reset=true';
/** Where a no-JavaScript password reset lands: the Log In tab, saying the password changed. */
export const PASSWORD_UPDATED_PATH = '/auth?password-updated=1';
/** Where a sign-in lands when no other page was asked for (the spec). */
export const DEFAULT_POST_LOGIN_PATH = '/profile';

/** Where a sign-in goes when two-step sign-in is on (decision 050): the code step, `next` kept. */
export const TWO_STEP_PARAM = 'two-step';
/** The code step's form (decision 050). */
export const TWO_STEP_FORM = 'two-step';

export const AUTH_FORMS = ['login', 'register', 'forgot', 'new-password', TWO_STEP_FORM] as const;
export type AuthFormName = (typeof AUTH_FORMS)[number];

/** A field's problem: its message, or `true` when it is only missing (the form's summary says so). */
export type FormProblems = Partial<Record<string, string | true>>;

/** What was typed that may be shown again: never a password, never a token. */
export interface AuthFormValues {
  email?: string;
  name?: string;
  alignment?: string;
  otherAlignment?: string;
  state?: string;
  district?: string;
}

/** How a form sent without JavaScript went, for the page drawn in answer. */
export interface AuthFormResult {
  form: AuthFormName;
  /** 'sent': the registration or the reset mail went out; 'refused': the form is drawn again. */
  outcome: 'sent' | 'refused';
  values: AuthFormValues;
  /** Problems found in the fields before asking the API (the page's own checks). */
  problems?: FormProblems;
  /** The API's refusal, as the page's code would have received it. */
  refusal?: FormRefusal;
}
