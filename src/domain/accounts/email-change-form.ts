/**
 * The one button of the email-change links' pages (decision 051), sent without JavaScript
 * (decision 035): the form each page posts to its own address, and how it went. Plain data, no
 * zod: the pages' first load stays light.
 */
import type { FormRefusal } from '../rendering/page-form';

/** The forms of /email-change/confirm/:token and /email-change/undo/:token, by the API action they stand for. */
export const EMAIL_CHANGE_FORMS = { confirm: 'email-change-confirm', undo: 'email-change-undo' } as const;
export type EmailChangeAction = keyof typeof EMAIL_CHANGE_FORMS;
export type EmailChangeFormName = (typeof EMAIL_CHANGE_FORMS)[EmailChangeAction];

/** How the button went: the account's address now, or the API's refusal. */
export type EmailChangeFormResult =
  | { form: EmailChangeFormName; outcome: 'done'; email: string }
  | { form: EmailChangeFormName; outcome: 'refused'; refusal: FormRefusal };
