import { describe, expect, it } from 'vitest';
import { ALIGNMENTS } from '../domain/profiles/alignment';
import { TEXT_MESSAGES } from '../domain/text/text-schema';
import { buildRouteWorld } from './test/route-world';
import { createTestApp, testSettings } from './test/test-app';
import { createTestDatabase } from './test/test-database';

/** Issue 11, item 3: the malformed requests that answered 500 now answer a readable 4xx. */

const database = await createTestDatabase();
const { request, auth } = createTestApp(database.db);
const world = await buildRouteWorld(database.db, auth, testSettings.AUTH_SECRET);
const cookie = world.cookies.member;

const NUL = 'a\u0000b';
/** The 12 bytes of the report: an EBML header cut short (file-type threw EndOfStreamError). */
const TRUNCATED_EBML = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81]);

const upload = (field: string, bytes: Uint8Array) => {
  const form = new FormData();
  form.set(field, new Blob([Buffer.from(bytes)], { type: 'application/octet-stream' }), 'upload.webm');
  return form;
};

async function errorOf(res: Response) {
  const body = (await res.json()) as { error?: { message?: string } };
  return { status: res.status, message: body.error?.message };
}

describe('a NUL character in a text field is refused with a message a person understands', () => {
  const cases: [string, string, string, unknown][] = [
    ['tagline', 'PATCH', '/api/me/tagline', { tagline: NUL }],
    ['bio', 'PATCH', '/api/me/bio', { bio: NUL }],
    ['caucus name', 'POST', '/api/caucuses', { name: NUL, membershipType: 'organizer', state: 'OH', district: 2, level: 1, politicalAlignment: ALIGNMENTS[0], accessType: 'open' }],
    ['private message', 'POST', '/api/messages', { recipientId: world.users.member2.id, message: NUL }],
    ['debate title', 'POST', '/api/debates', { title: NUL, prompt: 'Why?', debateType: 'text' }],
    ['debate response', 'POST', `/api/debates/${world.debate.id}/responses`, { text: NUL }],
    ['caucus chat', 'POST', `/api/caucuses/${world.caucusA.id}/chat`, { message: NUL }],
  ];
  it.each(cases)('%s', async (_name, method, path, json) => {
    expect(await errorOf(await request(path, { method, json, cookie }))).toEqual({ status: 400, message: TEXT_MESSAGES.controlCharacters });
  });

  it.each([
    ['user search', '/api/users/search'],
    ['friend search', '/api/friends/search'],
  ])('the q of the %s', async (_name, path) => {
    expect(await errorOf(await request(`${path}?q=${encodeURIComponent(NUL + 'cd')}`, { cookie }))).toEqual({ status: 400, message: TEXT_MESSAGES.controlCharacters });
  });

  it('a token or email given to better-auth', async () => {
    const res = await request('/api/auth/reset-password', { method: 'POST', json: { newPassword: 'a long new password', token: '\u0000' } });
    expect(await errorOf(res)).toEqual({ status: 400, message: TEXT_MESSAGES.controlCharacters });
  });
});

describe('numbers are bounded', () => {
  it('district=99999999999 in the caucus search', async () => {
    const res = await request('/api/caucuses?state=OH&district=99999999999', { cookie });
    expect(res.status).toBe(400);
  });

  it.each(['page=99999999999', 'level=-1', 'district=1.5', 'district=NaN'])('%s in the caucus search', async (query) => {
    expect((await request(`/api/caucuses?${query}`, { cookie })).status).toBe(400);
  });

  it('a huge district when organizing', async () => {
    const res = await request('/api/caucuses', {
      method: 'POST',
      cookie,
      json: { name: 'Big', membershipType: 'organizer', state: 'OH', district: 99999999999, level: 1, politicalAlignment: ALIGNMENTS[0], accessType: 'open' },
    });
    expect(res.status).toBe(400);
  });
});

describe('a truncated 12-byte EBML upload is refused as an invalid file, not a 500', () => {
  it.each([
    ['debate audio', `/api/debates/${world.debate.id}/responses`, 'audio'],
    ['rebuttal audio', `/api/debates/${world.debate.id}/responses/${world.debate.responseId}/rebuttals`, 'audio'],
    ['photo', '/api/me/photo', 'photo'],
  ])('%s', async (_name, path, field) => {
    const res = await request(path, { method: 'POST', body: upload(field, TRUNCATED_EBML), cookie });
    expect([400, 415]).toContain(res.status);
  });
});
