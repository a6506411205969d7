import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_MESSAGES, type Leaderboard } from '../../../domain/points/leaderboards';
import { schema, type Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { createUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import * as service from './leaderboards.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

const read = async (query: string) => {
  const res = await t.request(`/api/leaderboards?${query}`);
  return { status: res.status, body: (await res.json()) as Leaderboard & { error?: { message: string } } };
};

/**
 * Users of one made-up state each test owns (no other test writes there): the leaderboards
 * are global, so each test reads its own state or district.
 */
async function person(overrides: Parameters<typeof createUser>[1]) {
  return createUser(database.db, overrides);
}

describe('GET /api/leaderboards', () => {
  it('lists users with the count above 0, highest first, ties by name then id, with their public fields', async () => {
    const a = await person({ state: 'VT', district: 1, name: 'Zed Adams', brownies: 7 });
    const b = await person({ state: 'VT', district: 1, name: 'Amy Brooks', brownies: 7, image: '/api/photos/7d1f3c52-8a9b-4c2d-9e0f-1a2b3c4d5e6f' });
    const c = await person({ state: 'VT', district: 1, name: 'Carl Chen', brownies: 12 });
    await person({ state: 'VT', district: 1, name: 'Nobody Zero', brownies: 0, sparks: 4 });
    const { status, body } = await read('metric=brownies&state=VT');
    expect(status).toBe(200);
    expect(body).toMatchObject({ metric: 'brownies', state: 'VT', district: null });
    expect(body.entries).toEqual([
      { rank: 1, id: c.id, name: 'Carl Chen', photoUrl: null, state: 'VT', district: 1, count: 12 },
      { rank: 2, id: b.id, name: 'Amy Brooks', photoUrl: '/api/photos/7d1f3c52-8a9b-4c2d-9e0f-1a2b3c4d5e6f', state: 'VT', district: 1, count: 7 },
      { rank: 2, id: a.id, name: 'Zed Adams', photoUrl: null, state: 'VT', district: 1, count: 7 },
    ]);
    // Each tab reads its own counter.
    expect((await read('metric=sparks&state=VT')).body.entries.map((e) => e.name)).toEqual(['Nobody Zero']);
    expect((await read('metric=banners&state=VT')).body.entries).toEqual([]);
  });

  it('breaks a tie of equal names by id', async () => {
    const twins = [await person({ state: 'WY', district: 1, name: 'Sam Same', banners: 3 }), await person({ state: 'WY', district: 1, name: 'Sam Same', banners: 3 })];
    const ids = twins.map((u) => u.id).sort();
    expect((await read('metric=banners&state=WY&district=1')).body.entries.map((e) => e.id)).toEqual(ids);
  });

  it('filters by state, and by state and district', async () => {
    const d1 = await person({ state: 'NM', district: 1, sparks: 2 });
    const d2 = await person({ state: 'NM', district: 2, sparks: 5 });
    const d3 = await person({ state: 'NM', district: 3, sparks: 1 });
    await person({ state: 'AZ', district: 2, sparks: 50 });
    expect((await read('metric=sparks&state=NM')).body.entries.map((e) => e.id)).toEqual([d2.id, d1.id, d3.id]);
    const district = await read('metric=sparks&state=NM&district=2');
    expect(district.body).toMatchObject({ state: 'NM', district: 2 });
    expect(district.body.entries.map((e) => e.id)).toEqual([d2.id]);
    expect((await read('metric=sparks&state=NM&district=3')).body.entries.map((e) => e.id)).toEqual([d3.id]);
    // The whole country includes them all.
    const country = (await read('metric=sparks')).body.entries.map((e) => e.id);
    expect(country).toEqual(expect.arrayContaining([d1.id, d2.id, d3.id]));
    expect((await read('metric=sparks')).body).toMatchObject({ state: null, district: null });
  });

  it('leaves hidden (deleted) profiles out', async () => {
    const kept = await person({ state: 'ND', district: 1, banners: 1 });
    const hidden = await person({ state: 'ND', district: 1, banners: 9 });
    await database.db.update(users).set({ deletedAt: new Date(), name: 'Former member' }).where(eq(users.id, hidden.id));
    expect((await read('metric=banners&state=ND')).body.entries.map((e) => e.id)).toEqual([kept.id]);
    expect((await read('metric=banners')).body.entries.map((e) => e.id)).not.toContain(hidden.id);
  });

  it('Brownies (counted apart, decision 060): leaves deleted people out, and reads a rename or a move at once', async () => {
    const kept = await person({ state: 'SD', district: 1, name: 'Kept Kim', brownies: 2 });
    const gone = await person({ state: 'SD', district: 1, name: 'Gone Gil', brownies: 5 });
    const mover = await person({ state: 'SD', district: 1, name: 'Moving Mo', brownies: 3 });
    await database.db.update(users).set({ deletedAt: new Date(), name: 'Former member' }).where(eq(users.id, gone.id));
    expect((await read('metric=brownies&state=SD')).body.entries.map((e) => [e.name, e.count])).toEqual([
      ['Moving Mo', 3],
      ['Kept Kim', 2],
    ]);
    expect((await read('metric=brownies')).body.entries.map((e) => e.id)).not.toContain(gone.id);
    await database.db.update(users).set({ name: 'Aaron Moved', state: 'ID', district: 2 }).where(eq(users.id, mover.id));
    expect((await read('metric=brownies&state=SD')).body.entries.map((e) => e.id)).toEqual([kept.id]);
    expect((await read('metric=brownies&state=ID&district=2')).body.entries).toEqual([
      { rank: 1, id: mover.id, name: 'Aaron Moved', photoUrl: null, state: 'ID', district: 2, count: 3 },
    ]);
  });

  it('returns the top 100 only', async () => {
    const rows = Array.from({ length: 105 }, (_, i) => ({ state: 'SD', district: 1, sparks: i + 1 }));
    for (const row of rows) await person(row);
    const { body } = await read('metric=sparks&state=SD&district=1');
    expect(body.entries).toHaveLength(100);
    expect(body.entries[0]!.count).toBe(105);
    expect(body.entries.at(-1)!.count).toBe(6);
    expect(body.entries.map((e) => e.rank)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('is public: a visitor reads it without signing in', async () => {
    const res = await t.request('/api/leaderboards?metric=sparks');
    expect(res.status).toBe(200);
  });

  it.each([
    ['', LEADERBOARD_MESSAGES.metric],
    ['metric=votes', LEADERBOARD_MESSAGES.metric],
    ['metric=sparks&state=XX', LEADERBOARD_MESSAGES.state],
    ['metric=sparks&district=2', LEADERBOARD_MESSAGES.districtNeedsState],
    ['metric=sparks&state=CA&district=53', LEADERBOARD_MESSAGES.district],
    ['metric=sparks&state=DE&district=2', LEADERBOARD_MESSAGES.district],
    ['metric=sparks&state=CA&district=0', LEADERBOARD_MESSAGES.district],
  ])('refuses %j with 400 and a clear message', async (query, message) => {
    const { status, body } = await read(query);
    expect(status).toBe(400);
    expect(body.error?.message).toBe(message);
  });
});

describe('the leaderboard query', () => {
  it.each([
    ['banners', {}, 'users_banners_leaderboard_idx'],
    ['brownies', {}, 'brownie_counts_leaderboard_idx'],
    ['brownies', { state: 'CA' as const }, 'brownie_counts_state_leaderboard_idx'],
    ['brownies', { state: 'CA' as const, district: 12 }, 'brownie_counts_district_leaderboard_idx'],
    ['sparks', { state: 'CA' as const, district: 12 }, 'users_sparks_district_leaderboard_idx'],
  ] as const)('for %s %j reads the partial index in order, with no sort', async (metric, filter, index) => {
    const recorded: Array<{ text: string; params: unknown[] }> = [];
    const db = drizzle(database.pool, { schema, logger: { logQuery: (text, params) => void recorded.push({ text, params }) } });
    await service.readLeaderboard({ db }, { metric, ...filter });
    expect(recorded).toHaveLength(1);
    const client = await database.pool.connect();
    try {
      // The planner's choice on a large table, forced on this small one.
      await client.query('set enable_seqscan = off');
      await client.query('set enable_bitmapscan = off');
      await client.query('set enable_sort = off'); // a few rows sort for free; 1,000,000 do not
      const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain ${recorded[0]!.text}`, recorded[0]!.params)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/\bSort\b/);
      await client.query('reset enable_seqscan');
      await client.query('reset enable_bitmapscan');
      await client.query('reset enable_sort');
    } finally {
      client.release();
    }
  });

});
