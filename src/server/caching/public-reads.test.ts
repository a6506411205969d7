import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { users } from '../db/schema/auth';
import { activities } from '../db/schema/points';
import { photos } from '../db/schema/platform';
import { createNotificationHub, type NotificationHub } from '../realtime/notification-hub';
import { systemClock } from '../clock';
import { refreshMovementAggregates } from '../features/movement/movement.service';
import { createCaucusRow } from '../test/caucus-factories';
import { createUser } from '../test/factories';
import { createTestApp } from '../test/test-app';
import { createTestDatabase, directConnectionOf } from '../test/test-database';

// Issue 33, decision 055: the shared cache of public reads, through the real app on a real
// PostgreSQL, with the LISTEN connection a server process has and the triggers of migration 0029.

let database: Database;
let hub: NotificationHub;
let testApp: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  hub = createNotificationHub({ connection: directConnectionOf(database), applicationName: 'caucus-test-public-reads' });
  testApp = createTestApp(database.db, { settings: { PUBLIC_READ_CACHE_SECONDS: 300 }, notifications: hub });
  afterAll(async () => {
    await hub.close();
  });
  // The cache keeps nothing until the app listens for changes.
  await eventually(() => hub.subscriberCount('public_reads') > 0, 'the app to listen on public_reads');
});

/** Waits for a condition with a deadline (a notification arrives after its commit, not with it). */
async function eventually(condition: () => boolean | Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const visitorReads = async (path: string) => {
  const res = await testApp.request(path);
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as Record<string, unknown>) : null };
};

describe('public reads shared through the cache', () => {
  it("a visitor is answered from the cache; a signed-in member reads what is in the database", async () => {
    const person = await createUser(database.db, { sparks: 5 });
    const member = await createUser(database.db);
    expect((await visitorReads(`/api/profiles/${person.id}`)).body).toMatchObject({ sparks: 5 });
    // Points are not among what the triggers watch: the visitor's answer is the kept one.
    await database.db.update(users).set({ sparks: 6 }).where(eq(users.id, person.id));
    expect((await visitorReads(`/api/profiles/${person.id}`)).body).toMatchObject({ sparks: 5 });
    const cookie = await testApp.cookieFor(member);
    const asMember = await testApp.request(`/api/profiles/${person.id}`, { cookie });
    expect(await asMember.json()).toMatchObject({ sparks: 6 });
  });

  it('hiding a profile reaches every visitor at once, whatever code wrote it', async () => {
    const person = await createUser(database.db, { tagline: 'Find me here' });
    expect((await visitorReads(`/api/profiles/${person.id}`)).body).toMatchObject({ hidden: false, tagline: 'Find me here' });
    await database.db.update(users).set({ profileHiddenAt: new Date() }).where(eq(users.id, person.id));
    await eventually(async () => (await visitorReads(`/api/profiles/${person.id}`)).body?.hidden === true, 'the hidden profile');
    expect((await visitorReads(`/api/profiles/${person.id}`)).body).toMatchObject({ hidden: true, tagline: '', photoUrl: null });
  });

  it('a removed photo stops being served', async () => {
    const person = await createUser(database.db);
    const [photo] = await database.db.insert(photos).values({ userId: person.id, contentType: 'image/webp', bytes: Buffer.from('RIFF0000WEBP') }).returning({ id: photos.id });
    const first = await testApp.request(`/api/photos/${photo!.id}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(Buffer.from(await first.arrayBuffer()).toString()).toBe('RIFF0000WEBP');
    await database.db.delete(photos).where(eq(photos.id, photo!.id));
    await eventually(async () => (await testApp.request(`/api/photos/${photo!.id}`)).status === 404, 'the photo to be gone');
  });

  it("a person's new name drops the leaderboards that list them", async () => {
    const person = await createUser(database.db, { state: 'VT', district: 1, banners: 900_001, name: 'Before Rename' });
    const board = '/api/leaderboards?metric=banners&state=VT';
    const top = async () => ((await visitorReads(board)).body?.entries as Array<{ name: string }>)[0]?.name;
    expect(await top()).toBe('Before Rename');
    await database.db.update(users).set({ banners: 900_002 }).where(eq(users.id, person.id)); // a count: kept as it was
    expect(((await visitorReads(board)).body?.entries as Array<{ count: number }>)[0]?.count).toBe(900_001);
    await database.db.update(users).set({ name: 'After Rename' }).where(eq(users.id, person.id));
    await eventually(async () => (await top()) === 'After Rename', 'the renamed leader');
    expect(((await visitorReads(board)).body?.entries as Array<{ count: number }>)[0]?.count).toBe(900_002);
  });

  it('an unknown id is answered 404 each time and nothing is kept for it', async () => {
    const id = '00000000-0000-4000-8000-000000000033';
    expect((await visitorReads(`/api/profiles/${id}`)).status).toBe(404);
    expect((await visitorReads(`/api/photos/${id}`)).status).toBe(404);
    expect((await visitorReads(`/api/profiles/not-an-id`)).status).toBe(404);
  });

  it('each language has its own kept activities', async () => {
    const person = await createUser(database.db);
    await database.db.insert(activities).values({ userId: person.id, activityType: 'badge_earned', description: 'Earned the Hugger badge', createdAt: new Date() });
    const read = async (language: string) =>
      ((await (await testApp.request(`/api/profiles/${person.id}/activities`, { headers: { 'accept-language': language } })).json()) as Array<{ description: string }>)[0]?.description;
    expect(await read('en')).toBe('Earned the Hugger badge');
    expect(await read('es')).toBe('Ganó la insignia Hugger');
    expect(await read('en')).toBe('Earned the Hugger badge');
  });

  it("the movement's figures are shared by everyone until the aggregates are refreshed", async () => {
    const member = await createUser(database.db);
    const cookie = await testApp.cookieFor(member);
    const wyoming = async (as?: string) => {
      const body = (await (await testApp.request('/api/movement/states/WY', as ? { cookie: as } : {})).json()) as { updatedAt: string | null };
      return body.updatedAt;
    };
    await refreshMovementAggregates({ db: database.db, clock: systemClock, timeZone: 'America/New_York' });
    const first = await wyoming();
    await createCaucusRow(database.db, { state: 'WY', district: 1 });
    // A member is answered the same kept figures as a visitor: they are the same for everyone.
    expect(await wyoming(cookie)).toBe(first);
    await refreshMovementAggregates({ db: database.db, clock: systemClock, timeZone: 'America/New_York' });
    await eventually(async () => (await wyoming()) !== first, 'the refreshed figures');
  });
});
