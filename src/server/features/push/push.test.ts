import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer } from 'node:net';
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
import { PublicHttpsAgent, type Resolve } from '../../outbound/public-https-agent';
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

  it('refuse an endpoint that is not a push service on the internet with a 400, in the reader’s language, and store nothing (issue 29)', async () => {
    // The app also answers at caucus.example.org: its own host is refused like any address inside.
    const app = createTestApp(database.db, { settings: { extraOrigins: ['https://caucus.example.org'] } });
    const ida = await createUser(database.db);
    const cookie = await app.cookieFor(ida);
    for (const endpoint of [
      'https://127.0.0.1:5432/',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://2130706433/push',
      'https://0x7f.1/push',
      'https://10.0.0.5/push',
      'https://localhost/push',
      'https://localhost./push',
      'https://push.localhost/push',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://postgres/push',
      'https://fcm.googleapis.com:5432/push',
      'https://user:pass@fcm.googleapis.com/push',
      'https://caucus.example.org/api/health',
      'https://localhost:3000/api/health',
    ]) {
      const res = await app.request('/api/push/subscriptions', { method: 'POST', cookie, json: subscription(endpoint) });
      expect(res.status, endpoint).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message, endpoint).toBe(PUSH_MESSAGES.endpointRefused);
    }
    expect(await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ida.id))).toHaveLength(0);
    const spanish = await app.request('/api/push/subscriptions', { method: 'POST', cookie, json: subscription('https://[::1]/push'), headers: { 'accept-language': 'es' } });
    expect(((await spanish.json()) as { error: { message: string } }).error.message).toBe(
      'Esta dirección de notificaciones push no es un servicio push de internet: las notificaciones solo se envían a servicios push https en el puerto 443.',
    );
    // A push service's address is taken.
    expect((await app.request('/api/push/subscriptions', { method: 'POST', cookie, json: subscription(`https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`) })).status).toBe(201);
  });
});

/** A certificate for the stand-in push service (openssl, as the machine has it). */
function selfSignedCertificate(name: string): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'push-tls-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name}`,
    '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
  ], { stdio: 'ignore' });
  return { key: readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
}

/**
 * The app's agent, with every connection sent to a port on this machine (push services listen
 * on 443): what a test needs to stand in for a push service, or to watch for connections.
 */
class LocalPortAgent extends PublicHttpsAgent {
  constructor(
    private readonly port: () => number,
    options: ConstructorParameters<typeof PublicHttpsAgent>[0],
  ) {
    super(options);
  }
  override createConnection(options: Parameters<PublicHttpsAgent['createConnection']>[0], callback?: Parameters<PublicHttpsAgent['createConnection']>[1]) {
    return super.createConnection({ ...options, port: this.port() }, callback);
  }
}

const resolvesTo =
  (address: string): Resolve =>
  () =>
    Promise.resolve([{ address, family: 4 }]);

const keys = loadOrCreateVapidKeys({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'vapid-')) });
const clock = fixedClock('2030-01-01T00:00:00Z');

describe('sending a push (against a local push service)', () => {
  const PUSH_HOST = 'push.caucus.test';
  const received: Array<{ path: string; headers: IncomingMessage['headers']; body: Buffer }> = [];
  let answer = 201;
  let port = 0;
  const tls = selfSignedCertificate(PUSH_HOST);
  const server = createHttpsServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer).end();
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  });

  // The push service's name resolves to this machine, which the app's own rule would refuse: here it may.
  const agent = new LocalPortAgent(() => port, { resolve: resolvesTo('127.0.0.1'), allowAddress: () => true, ca: tls.cert });
  const push = () => createPushDelivery({ db: database.db, keys, subject: 'mailto:ops@caucus.test', logger: createLogger('silent'), clock, agent });

  async function device(userId: string) {
    const k = deviceKeys();
    const endpoint = `https://${PUSH_HOST}/push/${randomBytes(6).toString('hex')}`;
    await database.db.insert(pushSubscriptions).values({ userId, endpoint, p256dh: k.p256dh, auth: k.authText });
    return { ...k, endpoint };
  }

  it('encrypts the payload for the device (RFC 8291) and signs the request with the app’s VAPID key (RFC 8292)', async () => {
    const dee = await createUser(database.db);
    const phone = await device(dee.id);
    answer = 201;
    await push().send([{ userId: dee.id, title: 'Your caucus is full', body: 'Vote now.', link: '/caucus/1', tag: 'caucus_full:1' }]);
    const got = received.find((r) => `https://${PUSH_HOST}${r.path}` === phone.endpoint)!;
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);
    const plain = ece.decrypt(got.body, { version: 'aes128gcm', privateKey: phone.ecdh, authSecret: phone.authText }) as Buffer;
    expect(JSON.parse(plain.toString('utf8')) as PushPayload).toEqual({ title: 'Your caucus is full', body: 'Vote now.', link: '/caucus/1', tag: 'caucus_full:1' });

    const vapid = /^vapid t=([^,]+), k=(.+)$/.exec(String(got.headers.authorization))!;
    expect(vapid[2]).toBe(keys.publicKey);
    const [header, claims, signature] = vapid[1]!.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({ aud: `https://${PUSH_HOST}`, sub: 'mailto:ops@caucus.test' });
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

describe('sending a push never reaches an address inside (issue 29)', () => {
  /** A TCP server on loopback standing for an internal service: it counts the connections it gets. */
  let connections = 0;
  let port = 0;
  const inside = createTcpServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    port = (inside.address() as { port: number }).port;
    afterAll(() => new Promise<void>((resolve) => inside.close(() => resolve())));
  });
  const item = (userId: string) => [{ userId, title: 't', body: 'b', link: '/', tag: 'x' }];
  const rowOf = async (endpoint: string) => (await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];
  const deliveryThrough = (agent: PublicHttpsAgent) =>
    createPushDelivery({ db: database.db, keys, subject: 'mailto:ops@caucus.test', logger: createLogger('silent'), clock, agent, appHosts: ['caucus.example.org'] });

  async function storedDevice(userId: string, endpoint: string) {
    const k = deviceKeys();
    await database.db.insert(pushSubscriptions).values({ userId, endpoint, p256dh: k.p256dh, auth: k.authText });
  }

  it('refuses a push service whose name resolves to loopback without connecting, and counts it like one that cannot be reached', async () => {
    const fay = await createUser(database.db);
    const endpoint = `https://push.rebinding.test/${randomBytes(6).toString('hex')}`;
    await storedDevice(fay.id, endpoint);
    // The app's own rule (no allowAddress): the name resolves to 127.0.0.1 at send time.
    await deliveryThrough(new LocalPortAgent(() => port, { resolve: resolvesTo('127.0.0.1') })).send(item(fay.id));
    expect(connections).toBe(0);
    // Not forgotten at once the way a push service's 404/410 would have it, not marked delivered.
    expect(await rowOf(endpoint)).toMatchObject({ failureCount: 1, lastSuccessAt: null });

    // The same through an agent that allows it connects: the refusal above is what kept it out.
    await deliveryThrough(new LocalPortAgent(() => port, { resolve: resolvesTo('127.0.0.1'), allowAddress: () => true })).send(item(fay.id));
    expect(connections).toBe(1);
    connections = 0;
  });

  it('forgets devices stored before the rule whose endpoint aims inside or at the app, without a connection', async () => {
    const gus = await createUser(database.db);
    const endpoints = ['https://127.0.0.1:5432/', 'https://[::1]/', 'https://2130706433/', 'https://169.254.169.254/latest', 'https://caucus.example.org/api/health'].map(
      (e) => `${e}${e.endsWith('/') ? '' : '/'}${randomBytes(4).toString('hex')}`,
    );
    for (const endpoint of endpoints) await storedDevice(gus.id, endpoint);
    await deliveryThrough(new LocalPortAgent(() => port, { resolve: resolvesTo('127.0.0.1'), allowAddress: () => true })).send(item(gus.id));
    expect(connections).toBe(0);
    for (const endpoint of endpoints) expect(await rowOf(endpoint), endpoint).toBeUndefined();
  });
});
