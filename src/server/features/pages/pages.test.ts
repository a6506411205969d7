import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationCodeFrom } from '../../../domain/caucuses/caucus-schemas';
import { ROUTE_PATHS, type RoutePath } from '../../../domain/routing/route-paths';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { premiumBadges } from '../../db/schema/points';
import { CSP_NONCE_PLACEHOLDER } from '../../http/static-site';
import { createCaucusRow } from '../../test/caucus-factories';
import { createChallengeRow } from '../../test/challenge-factories';
import { createDebateRow } from '../../test/debate-factories';
import { createUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { testUnsubscribeToken } from '../../test/unsubscribe-links';

/**
 * Issue 29: a page the app answers with "Page Not Found" (or a page's own not-found) is a 404,
 * so crawlers and link checkers see it; every other page is a 200 (decision 038). The body is
 * the app either way.
 */

const TEMPLATE = readFileSync(path.resolve('src/web/index.html'), 'utf8');
let dist: string;
let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'page-status-'));
  writeFileSync(path.join(dist, 'index.html'), TEMPLATE.replace('</head>', `<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"></head>`));
  database = await createTestDatabase();
  t = createTestApp(database.db, { webDist: dist });
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** The status of the page at `url` as a browser opening it gets it, the app's page as its body. */
async function statusOf(url: string, app = t.app, cookie?: string): Promise<number> {
  const res = await app.request(url, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  expect(res.headers.get('content-type'), url).toMatch(/^text\/html/);
  expect(await res.text(), url).toContain('<div id="root">');
  return res.status;
}

/** A real address for every route of the app, with rows made for this test. */
async function everyRoute(): Promise<Record<RoutePath, string>> {
  const owner = await createUser(database.db);
  const caucus = await createCaucusRow(database.db);
  const debate = await createDebateRow(database.db, owner.id);
  const challenge = await createChallengeRow(database.db, { creatorId: owner.id });
  const [premium] = await database.db.select({ id: premiumBadges.id }).from(premiumBadges).limit(1);
  return {
    '/': '/',
    '/auth': '/auth',
    '/home': '/home',
    '/welcome': '/welcome',
    '/resources': '/resources',
    '/the-movement': '/the-movement',
    '/the-movement/:state': '/the-movement/OH',
    '/the-movement/:state/:district': '/the-movement/OH/3',
    '/leaderboards': '/leaderboards',
    '/profile': '/profile',
    '/profile/:userId': `/profile/${owner.id}`,
    '/caucus-search': '/caucus-search',
    '/create-caucus': '/create-caucus',
    '/caucus/:id': `/caucus/${caucus.id}`,
    '/caucus/:id/record': `/caucus/${caucus.id}/record`,
    '/join-caucus/:invitationCode': `/join-caucus/${caucus.invitationCode}`,
    '/join/:invitationCode': `/join/${caucus.invitationCode.toLowerCase()}`,
    '/my-caucuses': '/my-caucuses',
    '/organizing': '/organizing',
    '/organizer-invitations': '/organizer-invitations',
    '/representation': '/representation',
    '/friends': '/friends',
    '/messages': '/messages',
    '/notifications': '/notifications',
    '/notification-settings': '/notification-settings',
    '/blocked-people': '/blocked-people',
    '/security': '/security',
    '/admin/moderation': '/admin/moderation',
    '/admin/log': '/admin/log',
    '/admin/system': '/admin/system',
    '/unsubscribe/:token': `/unsubscribe/${testUnsubscribeToken(owner.id)}`,
    '/email-change/confirm/:token': '/email-change/confirm/some-token',
    '/email-change/undo/:token': '/email-change/undo/some-token',
    '/verification': '/verification',
    '/badges': '/badges',
    '/badge/:name': '/badge/life-of-the-party',
    '/champion': '/champion',
    '/rewards': '/rewards',
    '/debate': '/debate',
    '/debate/:id': `/debate/${debate.id}`,
    '/premium-badge/:id': `/premium-badge/${premium!.id}`,
    '/challenges': '/challenges',
    '/challenge': '/challenge',
    '/challenge/:id': `/challenge/${challenge.id}`,
    '/index.html': '/index.html',
    '*': '/no-such-page',
  };
}

describe('every route of the app', () => {
  it('is a 200 with its data there, and the catch-all a 404', async () => {
    const urls = await everyRoute();
    for (const route of ROUTE_PATHS) {
      expect(await statusOf(urls[route]), `${route}: ${urls[route]}`).toBe(route === '*' ? 404 : 200);
    }
  });

  it('is a 200 in any letter case and with a trailing slash, as the router matches it', async () => {
    const caucus = await createCaucusRow(database.db);
    for (const url of ['/HOME', '/the-movement/oh/', '/Badge/Life%20of%20the%20Party', `/CAUCUS/${caucus.id.toUpperCase()}/Record/`]) {
      expect(await statusOf(url), url).toBe(200);
    }
  });
});

describe('a page that is not there is a 404', () => {
  it.each([
    // No route of the app.
    '/no-such-page',
    '/home/more',
    '/caucus',
    '/admin',
    '/assets/no-such-file.js',
    '/%E0%A4%A',
    // A parameter that cannot name anything.
    '/the-movement/ZZ',
    '/the-movement/DC',
    '/the-movement/ZZ/1',
    '/the-movement/OH/16',
    '/the-movement/OH/0',
    '/the-movement/OH/three',
    '/caucus/not-an-id',
    '/caucus/123/record',
    '/profile/me',
    '/debate/%00',
    '/challenge/x',
    '/premium-badge/gold',
    '/join/ABC',
    '/join-caucus/%E0%A4%A',
    '/badge/no-such-badge',
    '/unsubscribe/not-a-valid-link',
  ])('%s', async (url) => {
    expect(await statusOf(url)).toBe(404);
  });

  it('when the row it names is not there: a caucus, its record, a profile, a debate, a challenge, a premium badge, an invitation', async () => {
    const unusedCode = invitationCodeFrom(randomBytes(6));
    const [taken] = (await database.db.execute(sql`select 1 from caucuses where invitation_code = ${unusedCode}`)).rows;
    expect(taken).toBeUndefined();
    const urls = [
      `/caucus/${randomUUID()}`,
      `/caucus/${randomUUID()}/record`,
      `/profile/${randomUUID()}`,
      `/debate/${randomUUID()}`,
      `/challenge/${randomUUID()}`,
      `/premium-badge/${randomUUID()}`,
      `/join-caucus/${unusedCode}`,
      `/join/${unusedCode}`,
    ];
    for (const url of urls) expect(await statusOf(url), url).toBe(404);
  });

  it('a signed-in person gets the same statuses', async () => {
    const cookie = await t.cookieFor(await createUser(database.db));
    const caucus = await createCaucusRow(database.db);
    expect(await statusOf(`/caucus/${randomUUID()}`, t.app, cookie)).toBe(404);
    expect(await statusOf('/no-such-page', t.app, cookie)).toBe(404);
    expect(await statusOf(`/caucus/${caucus.id}`, t.app, cookie)).toBe(200);
    expect(await statusOf('/organizing', t.app, cookie)).toBe(200);
  });

  it('an account deleted since is a 404, a hidden one ("Former member") a 200', async () => {
    const hidden = await createUser(database.db);
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, hidden.id));
    expect(await statusOf(`/profile/${hidden.id}`)).toBe(200);
    const gone = await createUser(database.db);
    await database.db.delete(users).where(eq(users.id, gone.id));
    expect(await statusOf(`/profile/${gone.id}`)).toBe(404);
  });
});

describe('when the lookup fails', () => {
  it('answers the page 200 (never a 500) and logs why', async () => {
    const broken = await createTestDatabase();
    await broken.db.execute(sql`drop table challenges cascade`);
    const app = createTestApp(broken.db, { webDist: dist });
    expect(await statusOf(`/challenge/${randomUUID()}`, app.app)).toBe(200);
    expect(app.logs).toContainEqual(expect.objectContaining({ level: 40, msg: 'page status: lookup failed, the page is answered 200', page: 'challenge' }));
  });
});
