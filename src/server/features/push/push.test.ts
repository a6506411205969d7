import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
// @ts-expect-error -- http_ece (web-push's own dependency) ships no types; used here to read what a push service receives.
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/notifications';
import { createLogger } from '../../logger';
import { createUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { PUSH_MAX_FAILURES, createPushDelivery, type PushPayload } from './push-delivery';
import { MAX_PUSH_DEVICES, PUSH_MESSAGES } from './push-subscriptions.service';
import { VAPID_KEYS_FILE, loadOrCreateVapidKeys } from './vapid-keys';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

const b64url = (b: Buffer) => b.toString('base64url');

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291). */
function deviceKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: b64url(ecdh.getPublicKey()), authText: b64url(auth) };
}

describe('VAPID keys', () => {
  it('come from the settings when both are given', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vapid-'));
    const given = { publicKey: 'B'.repeat(87), privateKey: 'p'.repeat(43) };
    expect(loadOrCreateVapidKeys({ dataDir: dir, ...given })).toEqual(given);
    expect(() => loadOrCreateVapidKeys({ dataDir: dir, publicKey: given.publicKey })).toThrow('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  });

  it('are made at the first start, kept private in the data folder, and the same at every later start', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vapid-'));
    const first = loadOrCreateVapidKeys({ dataDir: dir });
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(path.join(dir, VAPID_KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(loadOrCreateVapidKeys({ dataDir: dir })).toEqual(first);
    expect(JSON.parse(readFileSync(path.join(dir, VAPID_KEYS_FILE), 'utf8'))).toEqual(first);
  });
});

describe('push subscriptions', () => {
  const subscription = (endpoint = `https://push.example.test/${randomBytes(8).toString('hex')}`) => {
    const keys = deviceKeys();
    return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.authText }, label: 'Chromium on Linux' };
  };

  it('are stored per device, listed without their keys, moved to whoever signs in on that browser, and removed by their owner only', async () => {
    const app = createTestApp(database.db);
    const [ann, ben] = [await createUser(database.db), await createUser(database.db)];
    const sub = subscription();
    const post = async (who: typeof ann, json: unknown) => app.request('/api/push/subscriptions', { method: 'POST', cookie: await app.cookieFor(who), json });
    expect((await post(ann, sub)).status).toBe(201);
    const listed = (await (await app.request('/api/push/subscriptions', { cookie: await app.cookieFor(ann) })).json()) as { items: Array<Record<string, unknown>> };
    expect(listed.items).toEqual([{ id: expect.any(String) as string, label: 'Chromium on Linux', createdAt: expect.any(String) as string, lastSuccessAt: null }]);
    expect(JSON.stringify(listed)).not.toContain(sub.keys.auth);
    // Ben signs in on the same browser: the device is his now.
    expect((await post(ben, sub)).status).toBe(201);
    const rows = await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([ben.id]);
    const del = async (who: typeof ann) => app.request('/api/push/subscriptions', { method: 'DELETE', cookie: await app.cookieFor(who), json: { endpoint: sub.endpoint } });
    expect((await del(ann)).status).toBe(404);
    expect((await del(ben)).status).toBe(200);
    expect(await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint))).toHaveLength(0);
  });

  it('refuse bad bodies with a 400 and store nothing; refuse visitors; cap the devices per person', async () => {
    const app = createTestApp(database.db);
    const cy = await createUser(database.db);
    const cookie = await app.cookieFor(cy);
    const good = subscription();
    for (const [json, message] of [
      [{ ...good, endpoint: 'http://push.example.test/x' }, PUSH_MESSAGES.endpoint],
      [{ ...good, endpoint: `https://push.example.test/${'x'.repeat(2100)}` }, PUSH_MESSAGES.endpoint],
      [{ ...good, keys: { p256dh: 'short', auth: good.keys.auth } }, PUSH_MESSAGES.keys],
      [{ ...good, keys: { p256dh: good.keys.p256dh, auth: 'ü'.repeat(22) } }, PUSH_MESSAGES.keys],
      [{ endpoint: good.endpoint }, PUSH_MESSAGES.keys],
    ] as const) {
      const res = await app.request('/api/push/subscriptions', { method: 'POST', cookie, json });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    expect(await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, cy.id))).toHaveLength(0);
    expect((await app.request('/api/push/subscriptions', { method: 'POST', json: good })).status).toBe(401);
    const results = await Promise.all(Array.from({ length: MAX_PUSH_DEVICES + 5 }, () => app.request('/api/push/subscriptions', { method: 'POST', cookie, json: subscription() })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_PUSH_DEVICES);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, cy.id))).toHaveLength(MAX_PUSH_DEVICES);
  });
});

describe('sending a push (against a local push endpoint)', () => {
  const received: Array<{ path: string; headers: IncomingMessage['headers']; body: Buffer }> = [];
  let answer = 201;
  let origin = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer).end();
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  });

  const keys = loadOrCreateVapidKeys({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'vapid-')) });
  const clock = fixedClock('2030-01-01T00:00:00Z');
  const push = () => createPushDelivery({ db: database.db, keys, subject: 'mailto:ops@caucus.test', logger: createLogger('silent'), clock });

  async function device(userId: string) {
    const k = deviceKeys();
    const endpoint = `${origin}/push/${randomBytes(6).toString('hex')}`;
    await database.db.insert(pushSubscriptions).values({ userId, endpoint, p256dh: k.p256dh, auth: k.authText });
    return { ...k, endpoint };
  }

  it('encrypts the payload for the device (RFC 8291) and signs the request with the app’s VAPID key (RFC 8292)', async () => {
    const dee = await createUser(database.db);
    const phone = await device(dee.id);
    answer = 201;
    await push().send([{ userId: dee.id, title: 'Your caucus is full', body: 'Vote now.', link: '/caucus/1', tag: 'caucus_full:1' }]);
    const got = received.find((r) => `${origin}${r.path}` === phone.endpoint)!;
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);
    const plain = ece.decrypt(got.body, { version: 'aes128gcm', privateKey: phone.ecdh, authSecret: phone.authText }) as Buffer;
    expect(JSON.parse(plain.toString('utf8')) as PushPayload).toEqual({ title: 'Your caucus is full', body: 'Vote now.', link: '/caucus/1', tag: 'caucus_full:1' });

    const vapid = /^vapid t=([^,]+), k=(.+)$/.exec(String(got.headers.authorization))!;
    expect(vapid[2]).toBe(keys.publicKey);
    const [header, claims, signature] = vapid[1]!.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({ aud: origin, sub: 'mailto:ops@caucus.test' });
    const raw = Buffer.from(keys.publicKey, 'base64url');
    const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) }, format: 'jwk' });
    expect(verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
    const [row] = await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phone.endpoint));
    expect(row!.lastSuccessAt).toEqual(clock.now());
  });

  it('forgets a device its push service says is gone, and one that keeps failing', async () => {
    const eve = await createUser(database.db);
    const gone = await device(eve.id);
    answer = 410;
    await push().send([{ userId: eve.id, title: 't', body: 'b', link: '/', tag: 'x' }]);
    expect(await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.endpoint))).toHaveLength(0);

    const flaky = await device(eve.id);
    answer = 500;
    for (let i = 1; i < PUSH_MAX_FAILURES; i += 1) {
      await push().send([{ userId: eve.id, title: 't', body: 'b', link: '/', tag: 'x' }]);
      const [row] = await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, flaky.endpoint));
      expect(row!.failureCount).toBe(i);
    }
    await push().send([{ userId: eve.id, title: 't', body: 'b', link: '/', tag: 'x' }]);
    expect(await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, flaky.endpoint))).toHaveLength(0);
  });
});
