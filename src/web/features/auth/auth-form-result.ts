import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AuthFormResult } from '../../../domain/auth/auth-form-result';

/**
 * Where a page drawn in answer to a form sent without JavaScript (decision 035) finds how it
 * went: the server's renderer puts it in the page's data (server-render.tsx), so the browser's
 * first render reads the same and adopts the page unchanged.
 */
export const AUTH_FORM_RESULT_KEY = ['auth-form-result'] as const;

/** The form result the page was drawn with, once: forgotten after the first render. */
export function useAuthFormResult(): AuthFormResult | null {
  const queryClient = useQueryClient();
  const [result] = useState(() => queryClient.getQueryData<AuthFormResult>(AUTH_FORM_RESULT_KEY) ?? null);
  useEffect(() => {
    if (result) queryClient.removeQueries({ queryKey: AUTH_FORM_RESULT_KEY, exact: true });
  }, [queryClient, result]);
  return result;
}
