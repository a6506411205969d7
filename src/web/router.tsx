import { lazy, type ComponentType, type ReactNode } from 'react';
import { matchPath, Navigate, Route, Routes, useParams } from 'react-router';
import { AppLayout } from './components/layout/app-layout';
import { RequireAuth } from './features/session/require-auth';
import type { RoutePath } from '../domain/routing/route-paths';

type PageModule = { default: ComponentType };

/** A page whose code is fetched when it is first shown (or preloaded before the first render). */
interface LazyPage {
  Component: ComponentType;
  preload(): Promise<void>;
}

/**
 * A lazily loaded page; `protect` sends visitors to /auth first. Once its code is loaded it
 * renders at once: React.lazy would suspend once more, and React holds back the reveal of
 * suspended content for up to 300 ms, which a phone's first paint would pay.
 */
function page(load: () => Promise<PageModule>, protect = false): { page: LazyPage } {
  let Loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      Loaded = module.default;
    });
  const Deferred = lazy(async () => {
    await preload();
    return { default: Loaded! };
  });
  function Component() {
    const Page = Loaded ?? Deferred;
    return protect ? (
      <RequireAuth>
        <Page />
      </RequireAuth>
    ) : (
      <Page />
    );
  }
  return { page: { Component, preload } };
}

/** /join/{code} is the short form of an invitation link. */
function JoinRedirect() {
  const { invitationCode } = useParams();
  return <Navigate to={`/join-caucus/${invitationCode ?? ''}`} replace />;
}

/** A page of the app: its path is one of ROUTE_PATHS (route-paths.ts). */
type PageRoute = { path: RoutePath } & ({ page: LazyPage } | { element: ReactNode });

const PAGES: PageRoute[] = [
  { path: '/', ...page(() => import('./features/public/landing-page')) },
  { path: '/auth', ...page(() => import('./features/auth/auth-page')) },
  { path: '/home', ...page(() => import('./features/public/home-page'), true) },
  { path: '/welcome', ...page(() => import('./features/public/welcome-page')) },
  { path: '/resources', ...page(() => import('./features/public/resources-page')) },
  { path: '/the-movement', ...page(() => import('./features/public/movement-page')) },
  { path: '/the-movement/:state', ...page(() => import('./features/movement/state-page')) },
  { path: '/the-movement/:state/:district', ...page(() => import('./features/movement/district-page')) },
  { path: '/leaderboards', ...page(() => import('./features/leaderboards/leaderboards-page')) },
  { path: '/profile', ...page(() => import('./features/profiles/profile-page'), true) },
  { path: '/profile/:userId', ...page(() => import('./features/profiles/profile-page')) },
  { path: '/caucus-search', ...page(() => import('./features/caucuses/caucus-search-page'), true) },
  { path: '/create-caucus', ...page(() => import('./features/caucuses/create-caucus-page'), true) },
  { path: '/caucus/:id', ...page(() => import('./features/caucuses/caucus-detail-page')) },
  { path: '/caucus/:id/record', ...page(() => import('./features/caucuses/election-record-page')) },
  { path: '/join-caucus/:invitationCode', ...page(() => import('./features/caucuses/join-caucus-page')) },
  { path: '/join/:invitationCode', element: <JoinRedirect /> },
  { path: '/my-caucuses', ...page(() => import('./features/invitations/my-caucuses-page'), true) },
  { path: '/organizing', ...page(() => import('./features/invitations/organizing-page'), true) },
  { path: '/organizer-invitations', ...page(() => import('./features/invitations/organizer-invitations-page'), true) },
  { path: '/representation', ...page(() => import('./features/invitations/representation-page'), true) },
  { path: '/friends', ...page(() => import('./features/friends/friends-page'), true) },
  { path: '/messages', ...page(() => import('./features/messages/messages-page'), true) },
  { path: '/notifications', ...page(() => import('./features/notifications/notifications-page'), true) },
  { path: '/notification-settings', ...page(() => import('./features/notifications/notification-settings-page'), true) },
  { path: '/security', ...page(() => import('./features/account-security/security-page'), true) },
  { path: '/blocked-people', ...page(() => import('./features/moderation/blocked-people-page'), true) },
  { path: '/admin/moderation', ...page(() => import('./features/moderation/admin-moderation-page'), true) },
  { path: '/admin/log', ...page(() => import('./features/moderation/admin-log-page'), true) },
  { path: '/admin/system', ...page(() => import('./features/system/admin-system-page'), true) },
  { path: '/unsubscribe/:token', ...page(() => import('./features/notifications/unsubscribe-page')) },
  { path: '/email-change/confirm/:token', ...page(() => import('./features/account-email/email-change-pages')) },
  { path: '/email-change/undo/:token', ...page(() => import('./features/account-email/email-change-pages')) },
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
];

/**
 * The app's routes, in React Router's declarative mode (decision 021): every page inside the
 * layout (navbar, footer, toasts), which catches a page that fails.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {PAGES.map((route) => (
          <Route key={route.path} path={route.path} element={'page' in route ? <route.page.Component /> : route.element} />
        ))}
      </Route>
    </Routes>
  );
}

/** Fetches the code of the page at `pathname`, so the first render draws it without a skeleton. */
export function preloadPage(pathname: string): Promise<void> {
  const route = PAGES.find((r) => r.path !== '*' && matchPath(r.path, pathname)) ?? PAGES.find((r) => r.path === '*');
  return route && 'page' in route ? route.page.preload() : Promise.resolve();
}
