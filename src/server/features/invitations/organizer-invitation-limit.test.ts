import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { addOrganizer, createCaucusRow } from '../../test/caucus-factories';
import { createUser } from '../../test/factories';
import { createTestApp, fixedClock } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

const START = '2030-07-01T12:00:00Z';

describe('organizer invitations by email (answered alike for every address, and mailed to the unknown ones)', () => {
  it('answers 3 lookups per user and window, then 429 with the wait in words; others are not held back', async () => {
    const clock = fixedClock(START);
    const t = createTestApp(database.db, { clock, settings: { ORGANIZER_INVITATIONS_MAX: 3, ORGANIZER_INVITATIONS_WINDOW_SECONDS: 3600 } });
    const organizer = await createUser(database.db);
    const caucus = await createCaucusRow(database.db, { organizerId: organizer.id });
    await addOrganizer(database.db, caucus.id, organizer.id);
    const registered = await createUser(database.db);
    const cookie = await t.signIn(organizer.email, organizer.password);
    const invite = (email: string, who = cookie) => t.request(`/api/caucuses/${caucus.id}/organizer-invitations`, { method: 'POST', cookie: who, json: { email } });

    expect((await invite(registered.email)).status).toBe(201);
    expect((await invite('unknown-1@example.test')).status).toBe(201);
    expect((await invite('unknown-2@example.test')).status).toBe(201);
    const refused = await invite('unknown-3@example.test');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('Too many attempts. Please try again in 1 hour.');

    // Another organizer of the same caucus has their own count.
    const second = await createUser(database.db);
    await addOrganizer(database.db, caucus.id, second.id);
    expect((await invite('unknown-4@example.test', await t.signIn(second.email, second.password))).status).toBe(201);

    clock.set(new Date(Date.parse(START) + 3600_000));
    expect((await invite('unknown-5@example.test')).status).toBe(201);
  });

  it('refuses a visitor with 401 before counting anything', async () => {
    const t = createTestApp(database.db, { settings: { ORGANIZER_INVITATIONS_MAX: 1 } });
    const caucus = await createCaucusRow(database.db);
    const res = await t.request(`/api/caucuses/${caucus.id}/organizer-invitations`, { method: 'POST', json: { email: 'a@example.test' } });
    expect(res.status).toBe(401);
  });
});
