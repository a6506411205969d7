// Issue 32, A: the person's devices (their sessions), signing one or all others out, and the
// mail when a new device (a browser, known by its caucus_device cookie) signs in.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_MESSAGES, type DeviceSession } from '../../../domain/accounts/devices';
import type { Database } from '../../db/client';
import { knownDevices, sessions, users } from '../../db/schema/auth';
import { mailOutbox } from '../../db/schema/platform';
import { createUser } from '../../test/factories';
import { cookieOf, createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { DEVICE_COOKIE, hashDeviceId } from './known-devices.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

type Person = Awaited<ReturnType<typeof createUser>>;
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const NEW_DEVICE_SUBJECT = 'A new device signed in to your account';

/** Signs in as a browser would: its user agent, and its device cookie when it has one. */
async function signInFrom(who: Person, userAgent: string, deviceCookie?: string) {
  const res = await t.request('/api/auth/sign-in/email', {
    method: 'POST',
    json: { email: who.email, password: who.password },
    headers: { 'user-agent': userAgent },
    cookie: deviceCookie,
  });
  expect(res.status).toBe(200);
  const setCookies = res.headers.getSetCookie();
  const device = setCookies.find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  return { cookie: cookieOf(res), deviceSetCookie: device, deviceCookie: device?.split(';')[0] ?? deviceCookie };
}
const deviceMails = (to: string) => database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.subject, NEW_DEVICE_SUBJECT)));
const list = async (cookie: string) => {
  const res = await t.request('/api/me/sessions', { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as DeviceSession[];
};

describe('GET /api/me/sessions', () => {
  it('lists the person’s own live sessions in words, this one marked, without tokens or addresses', async () => {
    const who = await createUser(database.db);
    const phone = await signInFrom(who, ANDROID);
    const iphone = await signInFrom(who, IPHONE);
    const someoneElse = await createUser(database.db);
    await signInFrom(someoneElse, ANDROID);
    const rows = await list(phone.cookie);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.current)?.device).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(rows.find((r) => !r.current)?.device).toEqual({ browser: 'Safari', system: 'iPhone' });
    const stored = await database.db.select().from(sessions).where(eq(sessions.userId, who.id));
    const text = JSON.stringify(rows);
    for (const session of stored) {
      expect(text).not.toContain(session.token);
      if (session.ipAddress) expect(text).not.toContain(session.ipAddress);
    }
    expect((await list(iphone.cookie)).find((r) => r.current)?.device.system).toBe('iPhone');
  });

  it('asks a visitor to sign in', async () => {
    expect((await t.request('/api/me/sessions')).status).toBe(401);
  });
});

describe('signing devices out', () => {
  it('signs out one other device; another person’s session, an ended one and a bad id are the same 404', async () => {
    const who = await createUser(database.db);
    const here = await signInFrom(who, ANDROID);
    const there = await signInFrom(who, IPHONE);
    const stranger = await createUser(database.db);
    const theirs = await signInFrom(stranger, ANDROID);
    const [theirSession] = await database.db.select().from(sessions).where(eq(sessions.userId, stranger.id));
    const other = (await list(here.cookie)).find((r) => !r.current)!;

    const refusals = await Promise.all(
      [theirSession!.id, 'not-a-session', '00000000-0000-4000-8000-000000000000'].map((id) => t.request(`/api/me/sessions/${id}`, { method: 'DELETE', cookie: here.cookie })),
    );
    for (const res of refusals) {
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(DEVICE_MESSAGES.sessionNotFound);
    }
    expect((await t.request('/api/me', { cookie: theirs.cookie })).status).toBe(200);

    const ended = await t.request(`/api/me/sessions/${other.id}`, { method: 'DELETE', cookie: here.cookie });
    expect(ended.status).toBe(200);
    expect((await t.request('/api/me', { cookie: there.cookie })).status).toBe(401);
    expect((await t.request('/api/me', { cookie: here.cookie })).status).toBe(200);
    expect((await t.request(`/api/me/sessions/${other.id}`, { method: 'DELETE', cookie: here.cookie })).status).toBe(404);
  });

  it('signs out every other device, however many, and only the person’s', async () => {
    const who = await createUser(database.db);
    const here = await signInFrom(who, ANDROID);
    const others = [await signInFrom(who, IPHONE), await signInFrom(who, IPHONE)];
    const stranger = await createUser(database.db);
    const theirs = await signInFrom(stranger, ANDROID);
    const res = await t.request('/api/me/sessions/sign-out-others', { method: 'POST', cookie: here.cookie, json: {} });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signedOut: 2 });
    for (const other of others) expect((await t.request('/api/me', { cookie: other.cookie })).status).toBe(401);
    expect((await t.request('/api/me', { cookie: here.cookie })).status).toBe(200);
    expect((await t.request('/api/me', { cookie: theirs.cookie })).status).toBe(200);
    expect((await list(here.cookie)).map((r) => r.current)).toEqual([true]);
  });

  it('ending this device’s own session signs it out', async () => {
    const who = await createUser(database.db);
    const here = await signInFrom(who, ANDROID);
    const [mine] = await list(here.cookie);
    expect((await t.request(`/api/me/sessions/${mine!.id}`, { method: 'DELETE', cookie: here.cookie })).status).toBe(200);
    expect((await t.request('/api/me', { cookie: here.cookie })).status).toBe(401);
  });
});

describe('a new device signs in → a mail (issue 32, part 7)', () => {
  it('gives the browser a long-lived HttpOnly device cookie and stores only its hash', async () => {
    const who = await createUser(database.db);
    const { deviceSetCookie, deviceCookie } = await signInFrom(who, ANDROID);
    expect(deviceSetCookie).toMatch(/; Max-Age=34560000/);
    expect(deviceSetCookie).toMatch(/; HttpOnly/);
    expect(deviceSetCookie).toMatch(/; SameSite=Lax/i);
    expect(deviceSetCookie).toMatch(/; Path=\//);
    expect(deviceSetCookie).not.toMatch(/; Secure/); // BASE_URL is http in tests
    const id = deviceCookie!.split('=')[1]!;
    const rows = await database.db.select().from(knownDevices).where(eq(knownDevices.userId, who.id));
    expect(rows.map((r) => r.deviceHash)).toEqual([hashDeviceId(id)]);
    expect(JSON.stringify(rows)).not.toContain(id);
  });

  it('the first device is remembered without a mail; the same browser again is quiet; another browser is mailed about', async () => {
    const who = await createUser(database.db);
    const first = await signInFrom(who, ANDROID);
    expect(await deviceMails(who.email)).toEqual([]);
    const again = await signInFrom(who, ANDROID, first.deviceCookie);
    expect(again.deviceSetCookie).toBeUndefined();
    expect(await deviceMails(who.email)).toEqual([]);
    await signInFrom(who, IPHONE);
    const mails = await deviceMails(who.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('Device: Safari on iPhone');
    expect(mails[0]!.textBody).toContain('http://localhost:3000/security');
    expect(mails[0]!.htmlBody).toContain('Secure your account');
  });

  it('writes the mail in the person’s language', async () => {
    const who = await createUser(database.db, { language: 'es' });
    await signInFrom(who, ANDROID);
    await signInFrom(who, IPHONE);
    const [mail] = await database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, who.email), eq(mailOutbox.subject, 'Un dispositivo nuevo inició sesión en tu cuenta')));
    expect(mail?.textBody).toContain('Dispositivo: Safari en iPhone');
  });

  it('a made-up device cookie is replaced, and counts as a new device', async () => {
    const who = await createUser(database.db);
    await signInFrom(who, ANDROID);
    const forged = await signInFrom(who, IPHONE, `${DEVICE_COOKIE}=not-a-device-id`);
    expect(forged.deviceSetCookie).toBeDefined();
    expect(await deviceMails(who.email)).toHaveLength(1);
  });

  it('the sign-in right after confirming the email registers the device without a mail', async () => {
    const email = `device-confirm-${Date.now()}@example.test`;
    const signUp = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'a long enough password', name: 'Dee Vice', politicalAlignment: 'Independent', state: 'CA', district: 12, callbackURL: '/auth?confirmed=1' },
    });
    expect(signUp.status).toBe(200);
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const link = new URL(mail!.textBody.match(/https?:\/\/\S+/)![0]);
    const confirmed = await t.request(link.pathname + link.search, { headers: { 'user-agent': ANDROID } });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.getSetCookie().some((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toBe(true);
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(await database.db.$count(knownDevices, eq(knownDevices.userId, user!.id))).toBe(1);
    expect(await deviceMails(email)).toEqual([]);
    await signInFrom({ id: user!.id, email, name: 'Dee Vice', password: 'a long enough password', state: 'CA', district: 12 }, IPHONE);
    expect(await deviceMails(email)).toHaveLength(1);
  });

  it('two sign-ins at once from one new browser mail once', async () => {
    const who = await createUser(database.db);
    await signInFrom(who, ANDROID);
    const shared = `${DEVICE_COOKIE}=${'A'.repeat(43)}`;
    await Promise.all([signInFrom(who, IPHONE, shared), signInFrom(who, IPHONE, shared), signInFrom(who, IPHONE, shared)]);
    expect(await deviceMails(who.email)).toHaveLength(1);
  });
});
