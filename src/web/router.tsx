import { createBrowserRouter, Navigate, useParams, useRouteError, type RouteObject } from 'react-router';
import { AppLayout } from './components/layout/app-layout';
import { ErrorState, LinkButton, Page } from './components/ui/page';
import { RequireAuth } from './features/session/require-auth';
import type { RoutePath } from './route-paths';

type PageModule = { default: React.ComponentType };

/** A lazily loaded page; `protect` sends visitors to /auth first. */
const page = (load: () => Promise<PageModule>, protect = false): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const { default: Component } = await load();
    return {
      Component: protect
        ? () => (
            <RequireAuth>
              <Component />
            </RequireAuth>
          )
        : Component,
    };
  },
});

/** /join/{code} is the short form of an invitation link. */
function JoinRedirect() {
  const { invitationCode } = useParams();
  return <Navigate to={`/join-caucus/${invitationCode ?? ''}`} replace />;
}

function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Page>
      <ErrorState title="Something went wrong" message="This page could not be shown. Please try again.">
        <LinkButton to="/">Go Home</LinkButton>
      </ErrorState>
    </Page>
  );
}

/** A page of the app: its path is one of ROUTE_PATHS (route-paths.ts). */
type PageRoute = RouteObject & { path: RoutePath };

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', ...page(() => import('./features/public/landing-page')) },
      { path: '/auth', ...page(() => import('./features/auth/auth-page')) },
      { path: '/home', ...page(() => import('./features/public/home-page'), true) },
      { path: '/welcome', ...page(() => import('./features/public/welcome-page')) },
      { path: '/resources', ...page(() => import('./features/public/resources-page')) },
      { path: '/the-movement', ...page(() => import('./features/public/movement-page')) },
      { path: '/leaderboards', ...page(() => import('./features/leaderboards/leaderboards-page')) },
      { path: '/profile', ...page(() => import('./features/profiles/profile-page'), true) },
      { path: '/profile/:userId', ...page(() => import('./features/profiles/profile-page')) },
      { path: '/caucus-search', ...page(() => import('./features/caucuses/caucus-search-page'), true) },
      { path: '/create-caucus', ...page(() => import('./features/caucuses/create-caucus-page'), true) },
      { path: '/caucus/:id', ...page(() => import('./features/caucuses/caucus-detail-page')) },
      { path: '/join-caucus/:invitationCode', ...page(() => import('./features/caucuses/join-caucus-page')) },
      { path: '/join/:invitationCode', Component: JoinRedirect },
      { path: '/my-caucuses', ...page(() => import('./features/invitations/my-caucuses-page'), true) },
      { path: '/organizing', ...page(() => import('./features/invitations/organizing-page'), true) },
      { path: '/organizer-invitations', ...page(() => import('./features/invitations/organizer-invitations-page'), true) },
      { path: '/representation', ...page(() => import('./features/invitations/representation-page'), true) },
      { path: '/friends', ...page(() => import('./features/friends/friends-page'), true) },
      { path: '/messages', ...page(() => import('./features/messages/messages-page'), true) },
      { path: '/verification', ...page(() => import('./features/verification/verification-page'), true) },
      { path: '/badges', ...page(() => import('./features/badges/badges-page')) },
      { path: '/badge/:name', ...page(() => import('./features/badges/badge-detail-page')) },
      { path: '/champion', ...page(() => import('./features/badges/champion-page'), true) },
      { path: '/rewards', ...page(() => import('./features/rewards/rewards-page'), true) },
      { path: '/debate', ...page(() => import('./features/debates/debates-page')) },
      { path: '/debate/:id', ...page(() => import('./features/debates/debate-page')) },
      { path: '/premium-badge/:id', ...page(() => import('./features/premium-badges/premium-badge-page')) },
      { path: '/challenges', ...page(() => import('./features/challenges/challenges-page'), true) },
      { path: '/challenge', ...page(() => import('./features/challenges/challenges-page'), true) },
      { path: '/challenge/:id', ...page(() => import('./features/challenges/challenge-page'), true) },
      { path: '/index.html', element: <Navigate to="/" replace /> },
      { path: '*', ...page(() => import('./features/public/not-found-page')) },
    ] satisfies PageRoute[],
  },
];

export const router = createBrowserRouter(routes);
