import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSignOut } from '../session/use-session';

/**
 * Signs out from the profile page and lands on /. The page is protected: clearing the
 * session while it is still shown would make its guard send the user to /auth instead, so
 * we leave for / first, then sign out (which goes to / as well).
 */
export function useLeaveAndSignOut() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  return useCallback(async () => {
    await navigate('/', { replace: true });
    await signOut();
  }, [navigate, signOut]);
}
