import { Navigate, type NavigateProps } from 'react-router';
import { useHydrated } from './use-hydrated';

/**
 * React Router's `<Navigate>` on a page the server may draw (decision 022): the server cannot
 * move on (its StaticRouter warns and draws nothing), so the server, and the browser while it
 * adopts the page, draw nothing; the browser moves on right after.
 */
export function Redirect(props: NavigateProps) {
  return useHydrated() ? <Navigate {...props} /> : null;
}
