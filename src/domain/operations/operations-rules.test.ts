import { describe, expect, it } from 'vitest';
import { ageSeconds, backupOverdue, NOT_READY_MESSAGE, readiness, routeTemplate, shortError, statusClass, UNMATCHED_ROUTE } from './operations-rules';

describe('statusClass', () => {
  it.each([
    [200, '2xx'],
    [204, '2xx'],
    [302, '3xx'],
    [404, '4xx'],
    [429, '4xx'],
    [500, '5xx'],
    [503, '5xx'],
    [99, 'other'],
    [600, 'other'],
    [Number.NaN, 'other'],
  ])('%s is %s', (status, cls) => expect(statusClass(status)).toBe(cls));
});

describe('routeTemplate', () => {
  const guard = { method: 'ALL', path: '/api/*' };
  const caucus = { method: 'GET', path: '/api/caucuses/:id' };
  const vote = { method: 'PUT', path: '/api/caucuses/:id/vote' };
  const catchAll = { method: 'ALL', path: '/api/*' };
  const pages = { method: 'GET', path: '*' };
  it.each([
    ['the route that answered', 'GET', [guard, caucus, catchAll], caucus, 200, '/api/caucuses/:id'],
    ['the route a guard refused for it (401 before the handler)', 'PUT', [guard, caucus, vote, catchAll], guard, 401, '/api/caucuses/:id/vote'],
    ['HEAD under its GET route', 'HEAD', [guard, caucus], caucus, 200, '/api/caucuses/:id'],
    ['a route of another method is not the one asked', 'POST', [guard, caucus, catchAll], catchAll, 404, UNMATCHED_ROUTE],
    ['the API catch-all 404 is unmatched', 'GET', [guard, catchAll], catchAll, 404, UNMATCHED_ROUTE],
    ['a wildcard route that served the page', 'GET', [pages], pages, 200, '*'],
    ['a wildcard route that answered 404 is unmatched', 'GET', [pages], pages, 404, UNMATCHED_ROUTE],
    ['middleware that answered on a path with no route is unmatched', 'GET', [guard], guard, 403, UNMATCHED_ROUTE],
    ['no route at all', 'GET', [], null, 404, UNMATCHED_ROUTE],
  ] as const)('%s', (_, method, matched, answered, status, expected) => {
    expect(routeTemplate(method, matched, answered, status)).toBe(expected);
  });
});

describe('backupOverdue', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
  it.each([
    ['nothing configured: nothing expected', false, null, 24, false],
    ['configured, never backed up', true, null, 24, true],
    ['last good one within twice the schedule', true, hoursAgo(47), 24, false],
    ['exactly twice the schedule is not yet overdue', true, hoursAgo(48), 24, false],
    ['older than twice the schedule', true, hoursAgo(49), 24, true],
    ['a short schedule', true, hoursAgo(3), 1, true],
  ] as const)('%s', (_, configured, lastOkAt, scheduleHours, overdue) => {
    expect(backupOverdue({ configured, lastOkAt, scheduleHours, now })).toBe(overdue);
  });
});

describe('ageSeconds', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  it.each([
    [null, null],
    [new Date('2026-12-01T11:59:00Z'), 60],
    [new Date('2026-12-01T12:00:05Z'), 0], // another machine's clock a little ahead
  ] as const)('%s → %s', (then, age) => expect(ageSeconds(then, now)).toBe(age));
});

describe('shortError', () => {
  it.each([
    [null, null],
    ['', null],
    ['connect ECONNREFUSED 127.0.0.1:25', 'connect ECONNREFUSED 127.0.0.1:25'],
    ['Error: boom\n    at run (job.js:1:1)\n    at next (x.js:2:2)', 'Error: boom'],
    ['\n\nsecond line first', 'second line first'],
    ['x'.repeat(400), `${'x'.repeat(299)}…`],
  ] as const)('%j → %j', (message, short) => expect(shortError(message)).toBe(short));
});

describe('readiness', () => {
  it.each([
    [{ database: true, migrations: true, jobs: true }, 'ready'],
    [{ database: false, migrations: false, jobs: true }, 'not-ready'],
    [{ database: true, migrations: false, jobs: true }, 'not-ready'],
    [{ database: true, migrations: true, jobs: false }, 'not-ready'],
  ] as const)('%j is %s', (checks, status) => {
    const answer = readiness(checks);
    expect(answer).toMatchObject({ status, checks });
    if (status === 'ready') expect(answer).not.toHaveProperty('error');
    else expect(answer).toMatchObject({ error: { code: 'not_ready', message: NOT_READY_MESSAGE } });
  });
});
