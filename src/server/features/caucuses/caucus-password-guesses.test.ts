import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { caucusMembers } from '../../db/schema/caucuses';
import type { AppSettings } from '../../app';
import { addOrganizer, createCaucusRow } from '../../test/caucus-factories';
import { createUser } from '../../test/factories';
import { createTestApp, fixedClock } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

const START = '2030-06-01T12:00:00Z';
const LIMITS: Partial<AppSettings> = {
  CAUCUS_PASSWORD_GUESSES_MAX: 5,
  CAUCUS_PASSWORD_GUESSES_WINDOW_SECONDS: 900,
  CAUCUS_PASSWORD_GUESSES_PER_USER_MAX: 8,
  CAUCUS_PASSWORD_GUESSES_PER_USER_WINDOW_SECONDS: 3600,
};

async function setting() {
  const clock = fixedClock(START);
  const t = createTestApp(database.db, { clock, settings: LIMITS });
  const user = await createUser(database.db, { state: 'OH', district: 3 });
  const cookie = await t.signIn(user.email, user.password);
  const join = async (caucusId: string, json: Record<string, unknown>): Promise<Response> => t.request(`/api/caucuses/${caucusId}/join`, { method: 'POST', cookie, json });
  return { clock, t, user, cookie, join };
}

const privateCaucus = () => createCaucusRow(database.db, { isOpen: false, password: 'sesame' });
const answer = async (res: Response) => ({ status: res.status, retryAfter: res.headers.get('retry-after'), ...((await res.json()) as { error: { code: string; message: string } }).error });
const isMember = async (caucusId: string, userId: string) =>
  (await database.db.$count(caucusMembers, and(eq(caucusMembers.caucusId, caucusId), eq(caucusMembers.userId, userId)))) === 1;

describe('caucus password guesses', () => {
  it('answers 5 wrong guesses, then 429 with the wait in words, even for the right password', async () => {
    const { clock, user, join } = await setting();
    const caucus = await privateCaucus();
    for (let i = 0; i < 5; i++) expect(await answer(await join(caucus.id, { password: `guess ${i}` }))).toMatchObject({ status: 403, message: 'Incorrect password.' });
    expect(await answer(await join(caucus.id, { password: 'sesame' }))).toEqual({
      status: 429,
      retryAfter: '900',
      code: 'rate_limited',
      message: 'Too many attempts. Please try again in 15 minutes.',
    });
    expect(await isMember(caucus.id, user.id)).toBe(false);
    clock.set(new Date(Date.parse(START) + 900_000));
    expect((await join(caucus.id, { password: 'sesame' })).status).toBe(200);
    expect(await isMember(caucus.id, user.id)).toBe(true);
  });

  it('counts only wrong guesses: a right password, no password or a refusal for another reason costs nothing', async () => {
    const { join } = await setting();
    const caucus = await privateCaucus();
    const elsewhere = await createCaucusRow(database.db, { isOpen: false, password: 'sesame', state: 'TX', district: 9 });
    for (let i = 0; i < 10; i++) {
      expect((await join(caucus.id, {})).status).toBe(403); // password_required
      expect((await join(elsewhere.id, { password: 'sesame' })).status).toBe(409); // wrong district
    }
    for (let i = 0; i < 5; i++) expect((await join(caucus.id, { password: `guess ${i}` })).status).toBe(403);
    expect((await join(caucus.id, { password: `guess 6` })).status).toBe(429);
  });

  it('lets 200 concurrent wrong guesses answer at most 5 "Incorrect password." and the rest 429', async () => {
    const { join } = await setting();
    const caucus = await privateCaucus();
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => join(caucus.id, { password: `guess ${i}` }).then(answer)));
    const wrong = answers.filter((a) => a.status === 403);
    expect(wrong).toHaveLength(5);
    expect(wrong.every((a) => a.message === 'Incorrect password.')).toBe(true);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(195);
  });

  it('caps one user over all caucuses', async () => {
    const { join } = await setting();
    const first = await privateCaucus();
    const second = await privateCaucus();
    for (let i = 0; i < 5; i++) expect((await join(first.id, { password: `guess ${i}` })).status).toBe(403);
    for (let i = 0; i < 3; i++) expect((await join(second.id, { password: `guess ${i}` })).status).toBe(403);
    expect(await answer(await join(second.id, { password: 'guess 4' }))).toMatchObject({ status: 429, retryAfter: '3600', message: 'Too many attempts. Please try again in 1 hour.' });
    // Someone else is not held back.
    const other = await setting();
    expect((await other.join(second.id, { password: 'guess' })).status).toBe(403);
  });

  it('counts guesses made by accepting an invitation on the same caucus', async () => {
    const { t, user, cookie, join } = await setting();
    const caucus = await privateCaucus();
    const organizer = await createUser(database.db, { state: 'OH', district: 3 });
    await addOrganizer(database.db, caucus.id, organizer.id);
    const invited = await t.request(`/api/caucuses/${caucus.id}/voter-invitations`, {
      method: 'POST',
      cookie: await t.signIn(organizer.email, organizer.password),
      json: { inviteeId: user.id },
    });
    expect(invited.status).toBe(201);
    const { id } = (await invited.json()) as { id: string };
    const accept = (password: string) => t.request(`/api/voter-invitations/${id}/respond`, { method: 'POST', cookie, json: { response: 'accepted', password } });

    for (let i = 0; i < 3; i++) expect((await join(caucus.id, { password: `guess ${i}` })).status).toBe(403);
    for (let i = 0; i < 2; i++) expect(await answer(await accept(`other ${i}`))).toMatchObject({ status: 403, code: 'incorrect_password' });
    expect((await accept('sesame')).status).toBe(429);
    expect((await join(caucus.id, { password: 'sesame' })).status).toBe(429);
  });
});
