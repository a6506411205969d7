import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, sessions, users } from '../../db/schema/auth';
import { caucusMembers, caucuses, votes } from '../../db/schema/caucuses';
import { photos } from '../../db/schema/platform';
import { activities, badges, sparks, userBadges } from '../../db/schema/points';
import type { Database, DbOrTx } from '../../db/client';
import { createTestDatabase } from '../../test/test-database';
import { createTestApp } from '../../test/test-app';
import { createUser } from '../../test/factories';
import type { OwnProfile, PublicProfile } from '../../../domain/profiles/profile-types';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

type ErrorBody = { error: { code: string; message: string; title?: string } };

/** A confirmed user with a session cookie. */
async function signedInUser(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(database.db, { state: 'CA', district: 12, politicalAlignment: 'Independent', ...overrides });
  const cookie = await t.signIn(user.email, user.password);
  return { ...user, cookie };
}

async function userRow(id: string) {
  const [row] = await database.db.select().from(users).where(eq(users.id, id));
  return row;
}

const inviteCode = () => randomBytes(3).toString('hex').toUpperCase();

/** A level-1 caucus in CA-12 with the given voting members; finalized with `delegateId` if given. */
async function insertCaucus(db: DbOrTx, memberIds: string[], options: { finalizedWith?: string } = {}) {
  const finalized = options.finalizedWith !== undefined;
  const [caucus] = await db
    .insert(caucuses)
    .values({
      name: `Caucus ${inviteCode()}`,
      state: 'CA',
      district: 12,
      level: 1,
      invitationCode: inviteCode(),
      electionFinalized: finalized,
      votingStarted: finalized,
      votingFinalized: finalized,
      electedDelegateId: options.finalizedWith ?? null,
    })
    .returning({ id: caucuses.id });
  if (memberIds.length > 0) {
    await db.insert(caucusMembers).values(memberIds.map((userId) => ({ caucusId: caucus!.id, userId, isVotingMember: true })));
  }
  return caucus!.id;
}

describe('own profile: read and edit every field', () => {
  it('reads the own profile with email, bio, verified and the referral link', async () => {
    const me = await signedInUser({ bio: 'My bio', tagline: 'My tagline', verified: true });
    const res = await t.request('/api/me', { cookie: me.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as OwnProfile;
    expect(body).toMatchObject({
      id: me.id,
      email: me.email,
      name: me.name,
      bio: 'My bio',
      tagline: 'My tagline',
      verified: true,
      state: 'CA',
      district: 12,
      politicalAlignment: 'Independent',
      level: 1,
      sparks: 0,
      banners: 0,
      brownies: 0,
      locationLockReason: null,
      sharingLink: `http://localhost:3000/auth?ref=${me.id}`,
    });
  });

  it("shows the level (1 + the highest finalized level where elected delegate) and the earned badge names", async () => {
    const me = await signedInUser();
    const [caucus] = await database.db
      .insert(caucuses)
      .values({
        name: 'Level two',
        state: 'CA',
        district: 12,
        level: 2,
        invitationCode: inviteCode(),
        electionFinalized: true,
        votingStarted: true,
        votingFinalized: true,
        electedDelegateId: me.id,
      })
      .returning({ id: caucuses.id });
    await database.db.insert(caucusMembers).values({ caucusId: caucus!.id, userId: me.id });
    const [delegateBadge] = await database.db.select({ id: badges.id }).from(badges).where(eq(badges.name, 'Delegate - Level 3'));
    await database.db.insert(userBadges).values({ userId: me.id, badgeId: delegateBadge!.id });

    const own = (await (await t.request('/api/me', { cookie: me.cookie })).json()) as OwnProfile;
    expect(own.level).toBe(3);
    expect(own.badgeNames).toEqual(['Delegate - Level 3']);
    const pub = (await (await t.request(`/api/profiles/${me.id}`)).json()) as PublicProfile;
    expect(pub.level).toBe(3);
  });

  it('edits the tagline (trimmed, up to 180 characters)', async () => {
    const me = await signedInUser();
    const tagline = `  ${'t'.repeat(180)}  `;
    const res = await t.request('/api/me/tagline', { method: 'PATCH', cookie: me.cookie, json: { tagline } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as OwnProfile).tagline).toBe('t'.repeat(180));
    expect((await userRow(me.id))!.tagline).toBe('t'.repeat(180));
  });

  it('edits the bio (up to 800 characters) and clears it', async () => {
    const me = await signedInUser();
    let res = await t.request('/api/me/bio', { method: 'PATCH', cookie: me.cookie, json: { bio: 'b'.repeat(800) } });
    expect(res.status).toBe(200);
    expect((await userRow(me.id))!.bio).toBe('b'.repeat(800));
    res = await t.request('/api/me/bio', { method: 'PATCH', cookie: me.cookie, json: { bio: '' } });
    expect(res.status).toBe(200);
    expect((await userRow(me.id))!.bio).toBe('');
  });

  it('edits the political alignment, including Other with free text', async () => {
    const me = await signedInUser();
    let res = await t.request('/api/me/alignment', { method: 'PATCH', cookie: me.cookie, json: { alignment: 'Green' } });
    expect(res.status).toBe(200);
    expect((await userRow(me.id))!.politicalAlignment).toBe('Green');
    res = await t.request('/api/me/alignment', { method: 'PATCH', cookie: me.cookie, json: { alignment: 'Other', otherAlignment: ' Whig ' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as OwnProfile).politicalAlignment).toBe('Whig');
    expect((await userRow(me.id))!.politicalAlignment).toBe('Whig');
  });

  it('edits the location (state and district in range)', async () => {
    const me = await signedInUser();
    const res = await t.request('/api/me/location', { method: 'PATCH', cookie: me.cookie, json: { state: 'TX', district: 38 } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ state: 'TX', district: 38 });
    expect(await userRow(me.id)).toMatchObject({ state: 'TX', district: 38 });
  });
});

describe('editors refuse bad input with a 4xx and change nothing', () => {
  const cases: Array<[string, string, unknown, string?]> = [
    ['a tagline of 181 characters', '/api/me/tagline', { tagline: 'x'.repeat(181) }, 'Tagline must be 180 characters or less'],
    ['a tagline that is a number', '/api/me/tagline', { tagline: 5 }],
    ['a tagline that is null', '/api/me/tagline', { tagline: null }],
    ['a missing tagline', '/api/me/tagline', {}],
    ['a bio of 801 characters', '/api/me/bio', { bio: 'x'.repeat(801) }, 'Bio must be 800 characters or less'],
    ['a bio that is an array', '/api/me/bio', { bio: ['x'] }],
    ['a missing bio', '/api/me/bio', {}],
    ['an unknown alignment', '/api/me/alignment', { alignment: 'Whig' }, 'Please choose a political alignment'],
    ['Other without its text', '/api/me/alignment', { alignment: 'Other' }, 'Please describe your political alignment'],
    ['Other with blank text', '/api/me/alignment', { alignment: 'Other', otherAlignment: '   ' }, 'Please describe your political alignment'],
    ['Other with a too long text', '/api/me/alignment', { alignment: 'Other', otherAlignment: 'x'.repeat(61) }],
    ['an alignment that is a number', '/api/me/alignment', { alignment: 3 }],
    ['a missing alignment', '/api/me/alignment', {}],
    ['an unknown state', '/api/me/location', { state: 'PR', district: 1 }, 'Please choose one of the 50 states'],
    ['a lowercase state', '/api/me/location', { state: 'tx', district: 1 }],
    ['a district beyond the state', '/api/me/location', { state: 'TX', district: 39 }, "Please choose a district within the state's range"],
    ['district 2 of a one-district state', '/api/me/location', { state: 'WY', district: 2 }],
    ['district 0', '/api/me/location', { state: 'TX', district: 0 }],
    ['a fractional district', '/api/me/location', { state: 'TX', district: 2.5 }],
    ['a district that is a word', '/api/me/location', { state: 'TX', district: 'two' }],
    ['a district that is a boolean', '/api/me/location', { state: 'TX', district: true }],
    ['a missing district', '/api/me/location', { state: 'TX' }],
    ['a missing state', '/api/me/location', { district: 1 }],
  ];

  it.each(cases)('refuses %s', async (_label, path, json, message) => {
    const me = await signedInUser({ tagline: 'Keep me', bio: 'Keep my bio', politicalAlignment: 'Democrat' });
    const before = await userRow(me.id);
    const res = await t.request(path, { method: 'PATCH', cookie: me.cookie, json });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = (await res.json()) as ErrorBody;
    if (message) expect(body.error.message).toBe(message);
    const after = await userRow(me.id);
    expect(after).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const me = await signedInUser({ tagline: 'Keep me' });
    const res = await t.request('/api/me/tagline', {
      method: 'PATCH',
      cookie: me.cookie,
      headers: { 'content-type': 'application/json' },
      body: '{"tagline": ',
    });
    expect(res.status).toBe(400);
    expect((await userRow(me.id))!.tagline).toBe('Keep me');
  });

  it('ignores attempts to change other columns through an editor', async () => {
    const me = await signedInUser();
    const res = await t.request('/api/me/tagline', {
      method: 'PATCH',
      cookie: me.cookie,
      json: { tagline: 'Hello', verified: true, sparks: 99, isAdministrator: true, email: 'x@example.test' },
    });
    expect(res.status).toBe(200);
    expect(await userRow(me.id)).toMatchObject({ tagline: 'Hello', verified: false, sparks: 0, isAdministrator: false, email: me.email });
  });
});

describe('privacy', () => {
  it('Email, bio and verified status appear only on one\'s own profile', async () => {
    const viewer = await signedInUser();
    const other = await createUser(database.db, { bio: 'A private bio', tagline: 'Public tagline', verified: true });

    for (const cookie of [viewer.cookie, undefined]) {
      const res = await t.request(`/api/profiles/${other.id}`, { cookie });
      expect(res.status).toBe(200);
      const raw = await res.text();
      const body = JSON.parse(raw) as Record<string, unknown>;
      expect(Object.keys(body)).not.toContain('email');
      expect(Object.keys(body)).not.toContain('bio');
      expect(Object.keys(body)).not.toContain('verified');
      expect(raw).not.toContain(other.email);
      expect(raw.toLowerCase()).not.toContain(other.email.split('@')[0]!.toLowerCase());
      expect(raw).not.toContain('A private bio');
      expect(body).toMatchObject({ id: other.id, name: other.name, tagline: 'Public tagline', isDeleted: false });
    }

    // The same holds for the activity feed and badges of another user.
    for (const path of [`/api/profiles/${other.id}/activities`, `/api/profiles/${other.id}/badges`]) {
      const raw = await (await t.request(path, { cookie: viewer.cookie })).text();
      expect(raw).not.toContain(other.email);
    }

    // One's own profile does carry them.
    const own = (await (await t.request('/api/me', { cookie: viewer.cookie })).json()) as OwnProfile;
    expect(own.email).toBe(viewer.email);
    expect(own).toHaveProperty('bio');
    expect(own).toHaveProperty('verified');
  });

  it('answers 404 Profile not found for an unknown id', async () => {
    const res = await t.request(`/api/profiles/${randomUUID()}`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.message).toBe('Profile not found');
  });

  it('answers 404 Profile not found for an id that is not an id', async () => {
    const res = await t.request('/api/profiles/not-an-id');
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.message).toBe('Profile not found');
  });
});

describe('activities and badges', () => {
  it('lists the 10 newest activities, newest first', async () => {
    const user = await createUser(database.db);
    const base = Date.UTC(2025, 0, 1);
    await database.db.insert(activities).values(
      Array.from({ length: 12 }, (_, i) => ({
        userId: user.id,
        activityType: 'caucus_joined',
        description: `Activity ${i}`,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const res = await t.request(`/api/profiles/${user.id}/activities`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as Array<{ description: string }>;
    expect(list.map((a) => a.description)).toEqual(Array.from({ length: 10 }, (_, i) => `Activity ${11 - i}`));
  });

  it('lists earned badges, newest first', async () => {
    const user = await createUser(database.db);
    const rows = await database.db.select({ id: badges.id, name: badges.name }).from(badges).where(inArray(badges.name, ['Friend', 'Hugger']));
    const byName = new Map(rows.map((r) => [r.name, r.id]));
    await database.db.insert(userBadges).values([
      { userId: user.id, badgeId: byName.get('Friend')!, earnedAt: new Date(Date.UTC(2025, 0, 1)) },
      { userId: user.id, badgeId: byName.get('Hugger')!, earnedAt: new Date(Date.UTC(2025, 0, 2)) },
    ]);
    const list = (await (await t.request(`/api/profiles/${user.id}/badges`)).json()) as Array<{ name: string; category: string }>;
    expect(list.map((b) => b.name)).toEqual(['Hugger', 'Friend']);
    expect(list[1]!.category).toBe('Recruitment');
  });
});

describe('location lock', () => {
  it('refuses a change after the user voted in a finalized caucus election', async () => {
    const me = await signedInUser();
    const delegate = await createUser(database.db, { state: 'CA', district: 12 });
    await insertCaucus(database.db, [me.id, delegate.id], { finalizedWith: delegate.id });

    const profile = (await (await t.request('/api/me', { cookie: me.cookie })).json()) as OwnProfile;
    expect(profile.locationLockReason).toBe('Cannot edit after finalizing caucus election');

    const res = await t.request('/api/me/location', { method: 'PATCH', cookie: me.cookie, json: { state: 'TX', district: 3 } });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe('Cannot edit after finalizing caucus election');
    expect(await userRow(me.id)).toMatchObject({ state: 'CA', district: 12 });
  });

  it('refuses a change while the user is a voting member of an unfinalized caucus', async () => {
    const me = await signedInUser();
    await insertCaucus(database.db, [me.id]);

    const profile = (await (await t.request('/api/me', { cookie: me.cookie })).json()) as OwnProfile;
    expect(profile.locationLockReason).toBe('Leave your current caucus before changing your location.');

    const res = await t.request('/api/me/location', { method: 'PATCH', cookie: me.cookie, json: { state: 'TX', district: 3 } });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe('Leave your current caucus before changing your location.');
    expect(await userRow(me.id)).toMatchObject({ state: 'CA', district: 12 });
  });

  it('allows a change to an organizer who does not vote', async () => {
    const me = await signedInUser();
    const [caucus] = await database.db
      .insert(caucuses)
      .values({ name: 'Organized', state: 'CA', district: 12, level: 1, invitationCode: inviteCode(), organizerId: me.id })
      .returning({ id: caucuses.id });
    await database.db.insert(caucusMembers).values({ caucusId: caucus!.id, userId: me.id, isVotingMember: false, isOrganizer: true });
    const res = await t.request('/api/me/location', { method: 'PATCH', cookie: me.cookie, json: { state: 'NY', district: 26 } });
    expect(res.status).toBe(200);
    expect(await userRow(me.id)).toMatchObject({ state: 'NY', district: 26 });
  });
});

describe('profile photo', () => {
  const upload = (cookie: string | undefined, file: Blob, name = 'photo.png') => {
    const form = new FormData();
    form.append('photo', file, name);
    return t.request('/api/me/photo', { method: 'POST', cookie, body: form });
  };

  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
  ] as const)('accepts a real %s, re-encodes it to a 512px WebP without metadata and serves it for an hour', async (format, mime) => {
    const me = await signedInUser();
    const exif = {
      IFD0: { Make: 'TestCam', Model: 'Secret Model', Copyright: 'Someone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 4600/100', GPSLongitudeRef: 'W', GPSLongitude: '79/1 58/1 5600/100' },
    };
    const original = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 58, b: 138 } } })
      .withExif(exif)
      .toFormat(format)
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined(); // the test image really carries EXIF

    const res = await upload(me.cookie, new Blob([new Uint8Array(original)], { type: mime }), `photo.${format}`);
    expect(res.status).toBe(200);
    const { photoUrl } = (await res.json()) as { photoUrl: string };
    expect(photoUrl).toMatch(/^\/api\/photos\/[0-9a-f-]{36}$/);
    expect((await userRow(me.id))!.image).toBe(photoUrl);

    const served = await t.request(photoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=3600');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(512);
    expect(meta.height).toBe(512);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from('Secret Model'))).toBe(false);
    expect(bytes.includes(Buffer.from('TestCam'))).toBe(false);

    const profile = (await (await t.request('/api/me', { cookie: me.cookie })).json()) as OwnProfile;
    expect(profile.photoUrl).toBe(photoUrl);
  });

  it('replaces the previous photo', async () => {
    const me = await signedInUser();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ea580c' } }).png().toBuffer();
    await upload(me.cookie, new Blob([new Uint8Array(png)], { type: 'image/png' }));
    await upload(me.cookie, new Blob([new Uint8Array(png)], { type: 'image/png' }));
    expect(await database.db.$count(photos, eq(photos.userId, me.id))).toBe(1);
  });

  it('refuses a 6 MB file with 413 and writes nothing', async () => {
    const me = await signedInUser();
    const big = Buffer.alloc(6 * 1024 * 1024, 1);
    const res = await upload(me.cookie, new Blob([new Uint8Array(big)], { type: 'image/png' }));
    expect(res.status).toBe(413);
    const body = (await res.json()) as ErrorBody;
    expect(body.error).toMatchObject({ message: 'Please select an image smaller than 5MB', title: 'File too large' });
    expect(await database.db.$count(photos, eq(photos.userId, me.id))).toBe(0);
    expect((await userRow(me.id))!.image).toBeNull();
  });

  it('refuses a text file named .png with an image/png type (bytes decide) and writes nothing', async () => {
    const me = await signedInUser();
    const res = await upload(me.cookie, new Blob(['this is not an image, only text'], { type: 'image/png' }), 'photo.png');
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error).toMatchObject({ message: 'Please select an image file', title: 'Invalid file type' });
    expect(await database.db.$count(photos, eq(photos.userId, me.id))).toBe(0);
    expect((await userRow(me.id))!.image).toBeNull();
  });

  it('refuses a request without a photo field', async () => {
    const me = await signedInUser();
    const form = new FormData();
    form.append('other', 'x');
    const res = await t.request('/api/me/photo', { method: 'POST', cookie: me.cookie, body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toBe('Please select an image file');
  });

  it('answers 404 for an unknown photo', async () => {
    expect((await t.request(`/api/photos/${randomUUID()}`)).status).toBe(404);
  });
});

describe('profile deletion', () => {
  it('hides a user who voted in a finalized caucus (soft delete): Former member, sign-in refused', async () => {
    const me = await signedInUser({ bio: 'Bio', tagline: 'Tagline' });
    const delegate = await createUser(database.db, { state: 'CA', district: 12 });
    const caucusId = await insertCaucus(database.db, [me.id, delegate.id], { finalizedWith: delegate.id });
    await database.db.insert(votes).values([
      { caucusId, voterId: me.id, candidateId: delegate.id },
      { caucusId, voterId: delegate.id, candidateId: delegate.id },
    ]);

    const res = await t.request('/api/me', { method: 'DELETE', cookie: me.cookie, json: { confirmation: 'DELETE' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { type: string }).type).toBe('soft_delete');

    const row = await userRow(me.id);
    expect(row!.deletedAt).not.toBeNull();
    expect(row).toMatchObject({ bio: '', tagline: '', image: null });
    // The election stays intact.
    expect(await database.db.$count(votes, eq(votes.caucusId, caucusId))).toBe(2);
    expect(await database.db.$count(caucusMembers, eq(caucusMembers.caucusId, caucusId))).toBe(2);

    const pub = (await (await t.request(`/api/profiles/${me.id}`)).json()) as PublicProfile;
    expect(pub).toMatchObject({ name: 'Former member', isDeleted: true, tagline: '', photoUrl: null });

    expect(await database.db.$count(sessions, eq(sessions.userId, me.id))).toBe(0);
    expect((await t.request('/api/me', { cookie: me.cookie })).status).toBe(401);
    await expect(t.signIn(me.email, me.password)).rejects.toThrow(/403/);
  });

  it('removes a user with no finalized votes (hard delete); the referrer keeps a consistent Spark counter', async () => {
    const referrer = await createUser(database.db, { sparks: 1 });
    const me = await signedInUser({ recruitedBy: referrer.id });
    await database.db.insert(sparks).values({ userId: referrer.id, referredUserId: me.id });
    await database.db.insert(activities).values({ userId: me.id, activityType: 'caucus_joined', description: 'Joined' });
    const caucusId = await insertCaucus(database.db, [me.id]);
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#1e3a8a' } }).png().toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    expect((await t.request('/api/me/photo', { method: 'POST', cookie: me.cookie, body: form })).status).toBe(200);

    const res = await t.request('/api/me', { method: 'DELETE', cookie: me.cookie, json: { confirmation: 'delete' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { type: string }).type).toBe('hard_delete');

    expect(await userRow(me.id)).toBeUndefined();
    expect(await database.db.$count(accounts, eq(accounts.userId, me.id))).toBe(0);
    expect(await database.db.$count(sessions, eq(sessions.userId, me.id))).toBe(0);
    expect(await database.db.$count(activities, eq(activities.userId, me.id))).toBe(0);
    expect(await database.db.$count(photos, eq(photos.userId, me.id))).toBe(0);
    expect(await database.db.$count(caucusMembers, eq(caucusMembers.caucusId, caucusId))).toBe(0);

    const referrerRow = await userRow(referrer.id);
    expect(referrerRow!.sparks).toBe(await database.db.$count(sparks, eq(sparks.userId, referrer.id)));
    expect(referrerRow!.sparks).toBe(1);

    expect((await t.request(`/api/profiles/${me.id}`)).status).toBe(404);
    await expect(t.signIn(me.email, me.password)).rejects.toThrow();
  });

  it.each([
    ['a wrong word', { confirmation: 'remove' }],
    ['an empty confirmation', { confirmation: '' }],
    ['no confirmation', {}],
  ])('refuses %s and deletes nothing', async (_label, json) => {
    const me = await signedInUser();
    const res = await t.request('/api/me', { method: 'DELETE', cookie: me.cookie, json });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toBe("Please type 'delete' to confirm deletion.");
    expect(await userRow(me.id)).toMatchObject({ deletedAt: null });
  });
});

describe('authentication', () => {
  it.each([
    ['GET', '/api/me', undefined],
    ['PATCH', '/api/me/tagline', { tagline: 'x' }],
    ['PATCH', '/api/me/bio', { bio: 'x' }],
    ['PATCH', '/api/me/alignment', { alignment: 'Green' }],
    ['PATCH', '/api/me/location', { state: 'TX', district: 1 }],
    ['DELETE', '/api/me', { confirmation: 'delete' }],
  ] as const)('%s %s answers 401 without a session', async (method, path, json) => {
    const res = await t.request(path, { method, json });
    expect(res.status).toBe(401);
  });

  it('POST /api/me/photo answers 401 without a session and writes nothing', async () => {
    const before = await database.db.$count(photos);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } }).png().toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'x.png');
    const res = await t.request('/api/me/photo', { method: 'POST', body: form });
    expect(res.status).toBe(401);
    expect(await database.db.$count(photos)).toBe(before);
  });

  it('public profiles are readable without a session', async () => {
    const other = await createUser(database.db);
    expect((await t.request(`/api/profiles/${other.id}`)).status).toBe(200);
  });
});
