import { describe, expect, it } from 'vitest';
import { pageTarget } from './page-targets';
import { matchRoute } from './route-paths';

const ID = '0b9d6f1e-4c2a-4f7e-9a3b-5d8c7e6f1a2b';

describe('matchRoute', () => {
  it.each([
    ['/', '/', {}],
    ['/home', '/home', {}],
    ['/HOME/', '/home', {}],
    ['/home//', '/home', {}],
    ['/index.html', '/index.html', {}],
    ['/the-movement/oh', '/the-movement/:state', { state: 'oh' }],
    ['/the-movement/OH/3', '/the-movement/:state/:district', { state: 'OH', district: '3' }],
    [`/caucus/${ID}/record`, '/caucus/:id/record', { id: ID }],
    ['/badge/Life%20of%20the%20Party', '/badge/:name', { name: 'Life of the Party' }],
    ['/badge/a%2Fb', '/badge/:name', { name: 'a/b' }],
    ['/admin/log', '/admin/log', {}],
    ['/admin/system', '/admin/system', {}],
  ])('%s is the route %s', (path, route, params) => {
    expect(matchRoute(path)).toEqual({ path: route, params });
  });

  it.each(['/no-such-page', '/home/more', '/caucus', '/caucus/', '//home', '/index-html', '/admin', '/the-movement/OH/3/4', '/assets/app.js'])(
    '%s is no route (the catch-all "Page Not Found")',
    (path) => {
      expect(matchRoute(path)).toBeNull();
    },
  );
});

describe('pageTarget', () => {
  it.each([
    ['/', { kind: 'page' }],
    ['/auth', { kind: 'page' }],
    ['/organizing', { kind: 'page' }],
    ['/the-movement/OH', { kind: 'page' }],
    ['/the-movement/oh', { kind: 'page' }],
    ['/the-movement/OH/15', { kind: 'page' }],
    ['/the-movement/AK/1', { kind: 'page' }],
    ['/badge/friend', { kind: 'page' }],
    ['/badge/Life%20of%20the%20Party', { kind: 'page' }],
    [`/caucus/${ID}`, { kind: 'caucus', id: ID }],
    [`/caucus/${ID.toUpperCase()}/record`, { kind: 'caucus', id: ID }],
    [`/profile/${ID}`, { kind: 'profile', id: ID }],
    [`/debate/${ID}`, { kind: 'debate', id: ID }],
    [`/challenge/${ID}`, { kind: 'challenge', id: ID }],
    [`/premium-badge/${ID}`, { kind: 'premium-badge', id: ID }],
    ['/join/abc123', { kind: 'invitation', code: 'ABC123' }],
    ['/join-caucus/ABC123', { kind: 'invitation', code: 'ABC123' }],
    ['/unsubscribe/some.token.here', { kind: 'unsubscribe', token: 'some.token.here' }],
  ])('%s → %o', (path, target) => {
    expect(pageTarget(path)).toEqual(target);
  });

  it.each([
    '/no-such-page',
    '/the-movement/ZZ',
    '/the-movement/DC',
    '/the-movement/OH/16',
    '/the-movement/OH/0',
    '/the-movement/OH/03x',
    '/the-movement/ZZ/1',
    '/badge/no-such-badge',
    '/caucus/not-an-id',
    '/caucus/not-an-id/record',
    '/profile/123',
    '/debate/00000000-0000-0000-0000-00000000000g',
    '/challenge/x',
    '/premium-badge/x',
    '/join/ABC',
    '/join-caucus/ABC12!',
  ])('%s is missing', (path) => {
    expect(pageTarget(path)).toEqual({ kind: 'missing' });
  });
});
