import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchRoute, ROUTE_PATHS } from '../domain/routing/route-paths';

/**
 * The server answers 404 for a path only "Page Not Found" draws (decision 038), by matching the
 * router's paths itself (src/domain/routing/route-paths.ts): it must pick what React Router picks.
 */
const ROUTES = ROUTE_PATHS.map((path) => ({ path }));

const PATHS = [
  '/',
  '//',
  '/home',
  '/Home/',
  '/home///',
  '//home',
  '/homes',
  '/index.html',
  '/indexxhtml',
  '/no-such-page',
  '/the-movement/OH',
  '/the-movement/OH/',
  '/the-movement/ZZ',
  '/the-movement/OH/3',
  '/the-movement/OH/3/4',
  '/caucus',
  '/caucus/',
  '/caucus/abc',
  '/caucus/abc/record',
  '/caucus/abc/Record/',
  '/caucus/abc/other',
  '/badge/Life%20of%20the%20Party',
  '/badge/a%2Fb',
  '/badge/%E0%A4%A',
  '/profile/%20',
  '/join/ABC123',
  '/admin',
  '/admin/log',
  '/admin/system',
  '/admin/System/',
  '/assets/app-123.js',
  '/challenge',
  '/challenge/x/y',
  '/unsubscribe/a.b.c',
];

describe('matchRoute agrees with React Router', () => {
  it.each(PATHS)('%s', (path) => {
    const matches = matchRoutes(ROUTES, path);
    const picked = matches?.[0];
    const expected = !picked || picked.route.path === '*' ? null : { path: picked.route.path, params: picked.params };
    expect(matchRoute(path)).toEqual(expected);
  });
});
