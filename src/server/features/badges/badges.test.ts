import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BadgeCatalogueView, BadgeView, ChampionView } from '../../../domain/badges/badge-types';
import { BADGE_CATEGORIES, BADGES } from '../../../domain/badges/catalogue';
import { schema, type Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { premiumBadges } from '../../db/schema/points';
import { fixedClock } from '../../clock';
import { addOrganizer, createCaucusRow } from '../../test/caucus-factories';
import { createUser } from '../../test/factories';
import { TEST_ORIGIN, createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { awardReferralSpark } from '../points/referral.service';
import { evaluateBadges } from './badge-engine.service';
import * as service from './badges.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;
const clock = fixedClock('2026-03-10T14:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db, { clock });
});

const json = async <T>(res: Response) => (await res.json()) as T;
const errorMessage = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

async function withSparks(n: number) {
  const user = await createUser(database.db);
  for (let i = 0; i < n; i++) await awardReferralSpark({ db: database.db, clock }, (await createUser(database.db, { recruitedBy: user.id })).id);
  return user;
}

const badgeIn = (view: BadgeCatalogueView, name: string) => view.categories.flatMap((c) => c.badges).find((b) => b.name === name)!;

describe('GET /api/badges', () => {
  it('gives visitors the catalogue in the seven categories, premium badges with id and price, and no progress', async () => {
    const res = await t.request('/api/badges');
    expect(res.status).toBe(200);
    const view = await json<BadgeCatalogueView>(res);
    expect(view.signedIn).toBe(false);
    expect(view.categories.map((c) => c.name)).toEqual([...BADGE_CATEGORIES]);
    expect(view.categories.flatMap((c) => c.badges.map((b) => b.name))).toHaveLength(BADGES.length);
    expect(view.categories.find((c) => c.name === 'Recruitment')!.badges.map((b) => b.name)).toEqual(['Friend', 'Believer', 'Evangelist', 'Avatar']);
    const [gw] = await database.db.select().from(premiumBadges).where(eq(premiumBadges.name, 'George Washington'));
    expect(view.categories.find((c) => c.name === 'Premium')!.badges).toEqual([
      expect.objectContaining({ name: 'George Washington', slug: 'george-washington', premium: { id: gw!.id, priceCents: 500, price: '$5.00' }, progress: null, earnedAt: null }),
    ]);
    for (const badge of view.categories.flatMap((c) => c.badges)) expect(badge.progress).toBeNull();
  });

  it('gives a signed-in viewer earned dates and progress for every badge', async () => {
    const user = await withSparks(3);
    const view = await json<BadgeCatalogueView>(await t.request('/api/badges', { cookie: await t.signIn(user.email, user.password) }));
    expect(view.signedIn).toBe(true);
    expect(view.earnedCount).toBe(1);
    expect(badgeIn(view, 'Friend')).toMatchObject({ earnedAt: '2026-03-10T14:00:00.000Z', progress: { current: 1, target: 1, percent: 100, reached: true } });
    expect(badgeIn(view, 'Believer')).toMatchObject({ earnedAt: null, progress: { current: 3, target: 10, percent: 30, reached: false } });
    expect(badgeIn(view, 'Champion')).toMatchObject({ earnedAt: null, progress: { current: 1, target: 4, percent: 25 } });
    expect(badgeIn(view, 'Hugger').progress).toMatchObject({ current: 0, target: 5, percent: 0 });
  });

  it('answers in a fixed number of queries whatever the user', async () => {
    let queries = 0;
    const counted = drizzle(database.pool, { schema, logger: { logQuery: () => void (queries += 1) } });
    const deps = { db: counted, baseUrl: TEST_ORIGIN };
    const newcomer = await createUser(database.db);
    const busy = await withSparks(12);
    const organized = await createCaucusRow(database.db, { organizerId: busy.id });
    await addOrganizer(database.db, organized.id, busy.id);
    await database.db.update(users).set({ foundingRank: 5 }).where(eq(users.id, busy.id));
    await evaluateBadges(database.db, busy.id, clock.now());

    queries = 0;
    await service.listBadges(deps, null);
    expect(queries).toBe(1);
    queries = 0;
    await service.listBadges(deps, newcomer.id);
    const forNewcomer = queries;
    queries = 0;
    const busyView = await service.listBadges(deps, busy.id);
    expect(queries).toBe(forNewcomer);
    expect(queries).toBeLessThanOrEqual(3);
    expect(busyView.earnedCount).toBe(5); // Friend, Believer, OG 100, OG 1K, OG 10K
  });
});

describe('GET /api/badges/:name', () => {
  it.each([['Believer'], ['believer'], ['og-1k'], ["Everyone's Favorite"], ['everyones-favorite'], ['delegate-level-3']])('finds %s by name or slug', async (name) => {
    const res = await t.request(`/api/badges/${encodeURIComponent(name)}`);
    expect(res.status).toBe(200);
    expect((await json<BadgeView>(res)).progress).toBeNull();
  });

  it('gives the viewer progress and the earned date', async () => {
    const user = await withSparks(1);
    const cookie = await t.signIn(user.email, user.password);
    const believer = await json<BadgeView>(await t.request('/api/badges/believer', { cookie }));
    expect(believer).toMatchObject({ name: 'Believer', category: 'Recruitment', criteria: 'Earn 10 Sparks', earnedAt: null, progress: { current: 1, target: 10, percent: 10 } });
    const friend = await json<BadgeView>(await t.request('/api/badges/Friend', { cookie }));
    expect(friend).toMatchObject({ earnedAt: '2026-03-10T14:00:00.000Z', progress: { percent: 100, reached: true } });
    const gw = await json<BadgeView>(await t.request('/api/badges/george-washington', { cookie }));
    expect(gw.premium).toMatchObject({ priceCents: 500, price: '$5.00' });
  });

  it.each([['Nonexistent'], ['og-2k'], ['x'.repeat(101)]])('answers %s with Badge Not Found', async (name) => {
    const res = await t.request(`/api/badges/${name}`);
    expect([404, 400]).toContain(res.status);
    expect(await errorMessage(res)).toBe('Badge Not Found');
  });

  it('unknown names are a 404', async () => {
    expect((await t.request('/api/badges/Nonexistent')).status).toBe(404);
  });
});

describe('GET /api/champion', () => {
  it('needs sign-in', async () => {
    expect((await t.request('/api/champion')).status).toBe(401);
  });

  it('gives the four checklist items, the percent, whether earned, and the referral link', async () => {
    const user = await withSparks(3);
    const caucus = await createCaucusRow(database.db, { organizerId: user.id });
    await addOrganizer(database.db, caucus.id, user.id);
    const view = await json<ChampionView>(await t.request('/api/champion', { cookie: await t.signIn(user.email, user.password) }));
    expect(view.items.map((i) => [i.key, i.done])).toEqual([
      ['sparks', true],
      ['organize', true],
      ['vote', false],
      ['premium', false],
    ]);
    expect(view).toMatchObject({ percent: 50, earned: false, referralLink: `http://localhost:3000/auth?ref=${user.id}` });
  });

  it('says earned once Champion is held', async () => {
    const user = await createUser(database.db);
    const deps = { db: database.db, baseUrl: TEST_ORIGIN };
    expect((await service.getChampion(deps, user.id)).earned).toBe(false);
    await database.db.execute(sql`insert into user_badges (user_id, badge_id) select ${user.id}, id from badges where name = 'Champion'`);
    expect((await service.getChampion(deps, user.id)).earned).toBe(true);
  });
});
