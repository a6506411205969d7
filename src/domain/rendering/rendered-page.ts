/**
 * The contract between the server and the web build's page renderer (decision 022): what the
 * server asks for (src/server/http/page-render.ts) and what the renderer answers
 * (src/web/server-render.tsx, built into dist/ssr).
 */

import type { EmailChangeFormResult } from '../accounts/email-change-form';
import type { AuthFormResult } from '../auth/auth-form-result';
import type { Language, Theme } from '../i18n/languages';

/** How a form of a page sent without JavaScript went (decision 035): /auth's, or an email-change link's button (decision 051). */
export type FormResult = AuthFormResult | EmailChangeFormResult;
/** The forms pages take without JavaScript, by the name their hidden `form` field gives. */
export type PageFormName = FormResult['form'];

/** One page to draw. */
export interface RenderRequest {
  /** Path and query string, as the browser asked for them. */
  url: string;
  /** The origin the page was asked at (for the links people copy). */
  origin: string;
  /** The visitor's language (their cookie, else their browser's): the page is drawn in it. */
  language: Language;
  /** The visitor's theme: the page's own theme switch shows it. */
  theme: Theme;
  /** The app's time zone (APP_TIME_ZONE): dates are shown in it. */
  timeZone: string;
  /** Answers an API request (`/api/…`) as the visitor: the server's own app, with their cookie. */
  fetchApi: (path: string, init: RequestInit) => Promise<Response>;
  /** How a form of the page sent without JavaScript went (decision 035): the page is drawn with it. */
  formResult?: FormResult;
}

/** A page drawn by the server. */
export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The data the page was drawn with (TanStack Query's dehydrated cache), as JSON. */
  state: string;
}
