/**
 * What every page form sent without JavaScript (decision 035) has in common between the server
 * and the page: the hidden field that names the form, the JSON request it stands for, and the
 * API's refusal as the page's code would have read it. Plain data: no zod, so a page's first load
 * stays light.
 */

/** The hidden field that says which of the page's forms was sent. */
export const PAGE_FORM_FIELD = 'form';

/** The JSON request a form stands for: the one the page's code sends. */
export interface PageFormCall {
  path: string;
  body: Record<string, unknown>;
}

/** The API's refusal, as the page's code would have received it (src/web/api/http.ts). */
export interface FormRefusal {
  status: number;
  code: string;
  /** The API's own message; empty when its answer had none. */
  message: string;
}
