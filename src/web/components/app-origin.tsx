import { createContext, useContext } from 'react';

/**
 * The app's own origin for links people copy (invitations, shares): set by the server while it
 * draws a page (the origin the page was asked at), the browser's own otherwise.
 */
export const AppOriginContext = createContext<string | null>(null);

export function useAppOrigin(): string {
  return useContext(AppOriginContext) ?? window.location.origin;
}
