import { beforeAll, describe, expect, it } from 'vitest';
import type { CaucusSummary } from '../../../domain/caucuses/caucus-types';
import type { Database } from '../../db/client';
import { addVotingMembers, createCaucusRow } from '../../test/caucus-factories';
import { createUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

let database: Database;
let t: ReturnType<typeof createTestApp>;
let cookie: string;
const names: Record<string, string> = {};

// Caucuses created one minute apart, oldest first, so "newest first" has one right answer.
const base = Date.parse('2026-06-01T12:00:00Z');
let minute = 0;
async function caucus(key: string, overrides: Parameters<typeof createCaucusRow>[1] = {}) {
  const row = await createCaucusRow(database.db, { name: `${key} caucus`, createdAt: new Date(base + ++minute * 60_000), ...overrides });
  names[row.id] = key;
  return row;
}

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
  const viewer = await createUser(database.db);
  cookie = await t.signIn(viewer.email, viewer.password);
  const delegate = await createUser(database.db, { state: 'VT', district: 1 });
  await caucus('vt1-open', { state: 'VT', district: 1, level: 1, politicalAlignment: 'Independent' });
  await caucus('vt1-level2', { state: 'VT', district: 1, level: 2, politicalAlignment: 'Democrat' });
  const full = await caucus('vt1-full', { state: 'VT', district: 1, level: 1, requiredVotingMembers: 1 });
  await addVotingMembers(database.db, full, 1);
  await caucus('vt1-finalized', {
    state: 'VT',
    district: 1,
    level: 1,
    electionFinalized: true,
    votingFinalized: true,
    votingStarted: true,
    electedDelegateId: delegate.id,
  });
  await caucus('oh3-open', { state: 'OH', district: 3, level: 1, politicalAlignment: 'Democrat' });
  await caucus('oh4-private', { state: 'OH', district: 4, level: 1, isOpen: false, password: 'secret', name: 'Main 100% Street' });
  await caucus('oh4-underscore', { state: 'OH', district: 4, level: 3, name: 'Main_Street' });
});

async function search(query: string): Promise<{ keys: string[]; hasMore: boolean; results: CaucusSummary[] }> {
  const res = await t.request(`/api/caucuses${query}`, { cookie });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { results: CaucusSummary[]; hasMore: boolean };
  return { keys: body.results.map((r) => names[r.id] ?? r.id), hasMore: body.hasMore, results: body.results };
}

describe('caucus search filters', () => {
  it.each([
    ['no filter: available ones, newest first', '', ['oh4-underscore', 'oh4-private', 'oh3-open', 'vt1-level2', 'vt1-open']],
    ['state', '?state=VT', ['vt1-level2', 'vt1-open']],
    ['state and district', '?state=OH&district=4', ['oh4-underscore', 'oh4-private']],
    ['level', '?level=2', ['vt1-level2']],
    ['alignment', '?alignment=Democrat', ['oh3-open', 'vt1-level2']],
    ['name contains, any case', '?name=main', ['oh4-underscore', 'oh4-private']],
    ['name with a % is matched literally', '?name=100%25', ['oh4-private']],
    ['name with an _ is matched literally', '?name=n_S', ['oh4-underscore']],
    ['status full', '?status=full', ['vt1-full']],
    ['status finalized', '?status=finalized', ['vt1-finalized']],
    ['status all', '?state=VT&status=all', ['vt1-finalized', 'vt1-full', 'vt1-level2', 'vt1-open']],
    ['every filter at once', '?state=VT&district=1&level=1&alignment=Independent&name=open&status=available', ['vt1-open']],
    ['nothing matches', '?state=WY', []],
  ])('%s', async (_name, query, expected) => {
    expect((await search(query)).keys).toEqual(expected);
  });

  it('shows each result with its status and member counts', async () => {
    const { results } = await search('?status=all&state=VT');
    const byKey = Object.fromEntries(results.map((r) => [names[r.id], r]));
    expect(byKey['vt1-full']).toMatchObject({ status: 'full', votingMemberCount: 1, requiredVotingMembers: 1 });
    expect(byKey['vt1-finalized']).toMatchObject({ status: 'finalized' });
    expect(byKey['vt1-open']).toMatchObject({ status: 'available', votingMemberCount: 0, requiredVotingMembers: 10 });
  });

  it('refuses bad filters with a 400 and no results', async () => {
    for (const query of ['?state=XX', '?level=6', '?status=closed', '?district=0', '?page=0']) {
      const res = await t.request(`/api/caucuses${query}`, { cookie });
      expect(res.status, query).toBe(400);
    }
  });
});

describe('caucus search pages', () => {
  it('pages 20 at a time, newest first, and says when there are more', async () => {
    for (let i = 0; i < 23; i++) await caucus(`wy-${i}`, { state: 'WY', district: 1 });
    const first = await search('?state=WY');
    expect(first.keys).toEqual(Array.from({ length: 20 }, (_, i) => `wy-${22 - i}`));
    expect(first.hasMore).toBe(true);
    const second = await search('?state=WY&page=2');
    expect(second.keys).toEqual(['wy-2', 'wy-1', 'wy-0']);
    expect(second.hasMore).toBe(false);
  });
});
