/**
 * Every path of the router (router.tsx types its routes with `RoutePath`, so a route cannot
 * be added without listing it here). Plain data, no React: the browser tests read it to visit
 * every page (tests/e2e/csp.spec.ts).
 */
export const ROUTE_PATHS = [
  '/',
  '/auth',
  '/home',
  '/welcome',
  '/resources',
  '/the-movement',
  '/leaderboards',
  '/profile',
  '/profile/:userId',
  '/caucus-search',
  '/create-caucus',
  '/caucus/:id',
  '/caucus/:id/record',
  '/join-caucus/:invitationCode',
  '/join/:invitationCode',
  '/my-caucuses',
  '/organizing',
  '/organizer-invitations',
  '/representation',
  '/friends',
  '/messages',
  '/notifications',
  '/notification-settings',
  '/blocked-people',
  '/admin/moderation',
  '/admin/log',
  '/unsubscribe/:token',
  '/verification',
  '/badges',
  '/badge/:name',
  '/champion',
  '/rewards',
  '/debate',
  '/debate/:id',
  '/premium-badge/:id',
  '/challenges',
  '/challenge',
  '/challenge/:id',
  '/index.html',
  '*',
] as const;

export type RoutePath = (typeof ROUTE_PATHS)[number];
