import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Redirect } from '../../components/redirect';
import { PageSkeleton } from '../../components/ui/skeleton';
import { savePostLoginPath } from './post-login-path';
import { useSession } from './use-session';

/** Protected pages send a visitor to /auth and remember where they were going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageSkeleton />;
  if (!user) {
    savePostLoginPath(location.pathname + location.search);
    return <Redirect to="/auth" replace />;
  }
  return <>{children}</>;
}
