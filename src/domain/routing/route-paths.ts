/**
 * Every path of the web app's router (src/web/router.tsx types its routes with `RoutePath`, so a
 * route cannot be added without listing it here). Plain data, no React: the server reads it to
 * answer a path no page has with a 404 (src/server/features/pages, decision 038), the browser
 * tests to visit every page (tests/e2e/csp.spec.ts).
 */
export const ROUTE_PATHS = [
  '/',
  '/auth',
  '/home',
  '/welcome',
  '/resources',
  '/the-movement',
  '/the-movement/:state',
  '/the-movement/:state/:district',
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
  '/security',
  '/admin/moderation',
  '/admin/log',
  '/admin/system',
  '/unsubscribe/:token',
  '/email-change/confirm/:token',
  '/email-change/undo/:token',
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

/** A route's parameters, by name, decoded. */
export type RouteParams = Record<string, string>;

/** A page's path matched: which route, with its parameters. */
export interface RouteMatch {
  path: Exclude<RoutePath, '*'>;
  params: RouteParams;
}

const escapeRegExp = (text: string) => text.replace(/[\\.*+^${}|()[\]]/g, '\\$&');

/**
 * Each route as React Router 7 compiles it (`matchPath`, its defaults): the fixed parts in any
 * letter case, a parameter one non-empty segment, any number of trailing slashes.
 */
const COMPILED = ROUTE_PATHS.filter((path): path is Exclude<RoutePath, '*'> => path !== '*').map((path) => {
  const names: string[] = [];
  const source = escapeRegExp(path).replace(/\/:([\w-]+)/g, (_match, name: string) => {
    names.push(name);
    return '/([^\\/]+)';
  });
  return { path, names, pattern: new RegExp(`^${path === '/' ? '' : source}\\/*$`, 'i') };
});

/**
 * The path the router matches: each segment percent-decoded, a decoded "/" kept as %2F (as
 * React Router does); a path that cannot be decoded is matched as it is.
 */
function decodedPath(rawPath: string): string {
  try {
    return rawPath
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return rawPath;
  }
}

/**
 * The route of the app that draws `rawPath` (a URL's path, still percent-encoded), as the web
 * app's router picks it; null when only the catch-all "Page Not Found" would.
 */
export function matchRoute(rawPath: string): RouteMatch | null {
  const pathname = decodedPath(rawPath);
  for (const route of COMPILED) {
    const match = route.pattern.exec(pathname);
    if (match) {
      const params = Object.fromEntries(route.names.map((name, i) => [name, match[i + 1]!.replace(/%2F/g, '/')]));
      return { path: route.path, params };
    }
  }
  return null;
}
