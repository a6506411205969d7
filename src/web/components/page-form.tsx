import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { PAGE_FORM_FIELD } from '../../domain/rendering/page-form';
import type { FormResult, PageFormName } from '../../domain/rendering/rendered-page';

// A page's form that also works without JavaScript (decision 035): it posts to the page's own
// address, naming itself in a hidden field; the server sends it through the JSON endpoint the
// page's code calls and draws the page again with how it went. Once the app runs, the page's
// code sends it itself, as before.

/**
 * Where a page drawn in answer to such a form finds how it went: the server's renderer puts it in
 * the page's data (server-render.tsx), so the browser's first render reads the same and adopts
 * the page unchanged.
 */
export const FORM_RESULT_KEY = ['form-result'] as const;

/** The result of one of `forms` the page was drawn with, once: forgotten after the first render. */
export function useFormResult<N extends PageFormName>(forms: readonly N[]): (FormResult & { form: N }) | null {
  const queryClient = useQueryClient();
  const [result] = useState(() => {
    const sent = queryClient.getQueryData<FormResult>(FORM_RESULT_KEY);
    return sent && (forms as readonly string[]).includes(sent.form) ? (sent as FormResult & { form: N }) : null;
  });
  useEffect(() => {
    if (result) queryClient.removeQueries({ queryKey: FORM_RESULT_KEY, exact: true });
  }, [queryClient, result]);
  return result;
}

/** Where the page's forms post without JavaScript: its own address, query included (a `ref`, a reset `token` stays). */
export function usePageAddress(): string {
  const location = useLocation();
  return location.pathname + location.search;
}

/** Says which of the page's forms was sent, for the server's no-JavaScript handler. */
export function FormName({ form }: { form: PageFormName }) {
  return <input type="hidden" name={PAGE_FORM_FIELD} value={form} />;
}

/**
 * What a form's field `name` shows, where the code's state for it may lag behind. On a page the
 * server drew (decision 022), someone can type and press the button while the app is adopting
 * the page: React replays the press, and the typed text's change events may come after it, so the
 * state is still empty when the submit runs and the re-render would empty the field. A submit of
 * such a page reads what the fields show (and gives it to its state) instead. Checkboxes aside.
 */
export function shownValue(form: HTMLFormElement | null, name: string, state: string): string {
  const field = form?.elements.namedItem(name);
  if (!field || (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))) return state;
  const value = (field as { value?: unknown }).value;
  return typeof value === 'string' ? value : state;
}

/** Whether a form's checkbox `name` shows a tick, where the code's state for it may lag behind (as shownValue). */
export function shownChecked(form: HTMLFormElement | null, name: string, state: boolean): boolean {
  const field = form?.elements.namedItem(name);
  return field instanceof HTMLInputElement && field.type === 'checkbox' ? field.checked : state;
}

/**
 * Gives the state what was typed before the app adopted a page the server drew (decision 022).
 * React adopts such a field as it is but leaves the state empty; the form's next render (a
 * keystroke in another field) would then put the empty state back into the field, and the text
 * typed first would vanish. Once, as the page is adopted and before the browser paints, each
 * named field (`state`: its state, by name) whose text differs gives it to `adopt` (by name).
 * On a page the app drew itself the fields are still empty then: nothing is adopted.
 */
export function useAdoptTypedText(form: RefObject<HTMLFormElement | null>, state: Readonly<Record<string, string>>, adopt: (shown: Record<string, string>) => void): void {
  useLayoutEffect(() => {
    const shown: Record<string, string> = {};
    for (const [name, value] of Object.entries(state)) {
      const text = shownValue(form.current, name, value);
      if (text !== value) shown[name] = text;
    }
    if (Object.keys(shown).length > 0) adopt(shown);
    // Once: from then on every keystroke reaches the state through onChange.
  }, []);
}
