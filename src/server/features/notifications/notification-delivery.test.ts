import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { notificationSettings, notifications } from '../../db/schema/notifications';
import { mailOutbox } from '../../db/schema/platform';
import { createLogger } from '../../logger';
import { deliverDueMail, smtpTransport } from '../../mail/outbox';
import { startPresence } from '../../realtime/presence';
import { createUser } from '../../test/factories';
import { startSmtpSink } from '../../test/smtp-sink';
import { TEST_ORIGIN, createTestApp, testSettings } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { deliverAllDueNotifications, nextDeliveryAt, sendDigests, type PushItem } from './notification-delivery.service';
import { NOTIFICATION_SETTINGS_MESSAGES } from './notification-settings.service';
import { notify, type NewNotification } from './notifications.service';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

let database: Database;
const secret = testSettings.AUTH_SECRET;
const start = new Date('2026-11-02T12:00:00Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

beforeAll(async () => {
  database = await createTestDatabase();
});

type Person = Awaited<ReturnType<typeof createUser>>;
const person = (overrides: Parameters<typeof createUser>[1] = {}) => createUser(database.db, overrides);

function deliveryDeps(clock = fixedClock(start), pushed: PushItem[] = []) {
  return {
    db: database.db,
    clock,
    logger: createLogger('silent'),
    baseUrl: TEST_ORIGIN,
    secret,
    push: { send: async (items: readonly PushItem[]) => void pushed.push(...items) },
  };
}

async function write(now: Date, items: NewNotification[]) {
  await database.db.transaction((tx) => notify(tx, now, items));
}

const mailsTo = (who: Person) => database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, who.email)).orderBy(mailOutbox.createdAt);
const full = (userId: string, caucusName = 'Riverside Ten'): NewNotification => ({
  userId,
  kind: 'caucus_full',
  data: { caucusId: '7a1c1c8e-0000-4000-8000-000000000001', caucusName },
});

describe('delivering notifications by mail and push', () => {
  it('mails an election notification at once to its person, with a link and a one-click unsubscribe, exactly once', async () => {
    const ana = await person();
    const pushed: PushItem[] = [];
    await write(start, [full(ana.id)]);
    await deliverAllDueNotifications(deliveryDeps(fixedClock(start), pushed));
    await deliverAllDueNotifications(deliveryDeps(fixedClock(at(120)), pushed));
    const mails = await mailsTo(ana);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Your caucus is full');
    expect(mail!.textBody).toContain(`Hello ${ana.name},`);
    expect(mail!.textBody).toContain('Riverside Ten has all its voting members.');
    expect(mail!.textBody).toContain(`${TEST_ORIGIN}/caucus/7a1c1c8e-0000-4000-8000-000000000001`);
    expect(mail!.htmlBody).toContain('Open in the App');
    const unsubscribe = /^<(.+)\/unsubscribe\/([^>]+)>$/.exec(mail!.headers['List-Unsubscribe'] ?? '');
    expect(unsubscribe?.[1]).toBe(TEST_ORIGIN);
    expect(readUnsubscribeToken(secret, unsubscribe![2]!)).toEqual({ userId: ana.id, scope: 'caucus_full' });
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(pushed.filter((p) => p.userId === ana.id)).toEqual([
      { userId: ana.id, title: 'Your caucus is full', body: expect.stringContaining('Riverside Ten') as string, link: '/caucus/7a1c1c8e-0000-4000-8000-000000000001', tag: expect.stringMatching(/^caucus_full:/) as string },
    ]);
    const [row] = await database.db.select().from(notifications).where(eq(notifications.userId, ana.id));
    expect(row!.deliverAt).toBeNull();
    expect(row!.deliveredAt).toEqual(start);
  });

  it('never mails an unconfirmed or deleted account (and never pushes to a deleted one)', async () => {
    const unconfirmed = await person({ emailVerified: false, emailVerifiedAt: null });
    const deleted = await person();
    await database.db.update(users).set({ deletedAt: start }).where(eq(users.id, deleted.id));
    const pushed: PushItem[] = [];
    await write(start, [full(unconfirmed.id), full(deleted.id)]);
    await deliverAllDueNotifications(deliveryDeps(fixedClock(start), pushed));
    expect(await mailsTo(unconfirmed)).toHaveLength(0);
    expect(await mailsTo(deleted)).toHaveLength(0);
    expect(pushed.map((p) => p.userId)).toEqual(expect.not.arrayContaining([deleted.id]));
    const rows = await database.db.select().from(notifications).where(inArray(notifications.userId, [unconfirmed.id, deleted.id]));
    expect(rows.every((r) => r.deliverAt === null)).toBe(true);
  });

  it('follows the person: email off sends no mail, push off pushes nothing', async () => {
    const ben = await person();
    await database.db.insert(notificationSettings).values({ userId: ben.id, kind: 'friend_request', email: false, push: false, cadence: 'immediate' });
    const pushed: PushItem[] = [];
    await write(start, [{ userId: ben.id, kind: 'friend_request', data: { fromId: ben.id, fromName: 'Vic' } }, full(ben.id)]);
    await deliverAllDueNotifications(deliveryDeps(fixedClock(start), pushed));
    expect((await mailsTo(ben)).map((m) => m.subject)).toEqual(['Your caucus is full']);
    expect(pushed.filter((p) => p.userId === ben.id).map((p) => p.title)).toEqual(['Your caucus is full']);
  });

  it('gathers badges into the weekly digest: one mail with the unread ones, then nothing', async () => {
    const cy = await person();
    await write(start, [
      { userId: cy.id, kind: 'badge_earned', data: { badgeName: 'Chatterbox' } },
      { userId: cy.id, kind: 'badge_earned', data: { badgeName: 'Friend' } },
      { userId: cy.id, kind: 'badge_earned', data: { badgeName: 'Networker' } },
    ]);
    await deliverAllDueNotifications(deliveryDeps());
    expect(await mailsTo(cy)).toHaveLength(0);
    // One of them read in the app before the digest: left out.
    await database.db
      .update(notifications)
      .set({ readAt: at(60) })
      .where(and(eq(notifications.userId, cy.id), eq(notifications.data, { badgeName: 'Networker' })));
    await sendDigests(deliveryDeps(), 'daily');
    expect(await mailsTo(cy)).toHaveLength(0);
    await sendDigests(deliveryDeps(), 'weekly');
    const mails = await mailsTo(cy);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your weekly digest: 2 notifications');
    expect(mails[0]!.textBody).toContain('You earned the Chatterbox badge.');
    expect(mails[0]!.textBody).toContain('You earned the Friend badge, and a reward with it');
    expect(mails[0]!.textBody).not.toContain('Networker');
    expect(readUnsubscribeToken(secret, /\/unsubscribe\/([^>]+)>/.exec(mails[0]!.headers['List-Unsubscribe'] ?? '')![1]!)).toEqual({ userId: cy.id, scope: 'digest-weekly' });
    await sendDigests(deliveryDeps(), 'weekly');
    expect(await mailsTo(cy)).toHaveLength(1);
  });

  it('waits 20 s before mailing a private message, folds more within 15 minutes into one later mail, and sends none once read', async () => {
    const dee = await person();
    const eli = await person();
    const message = (): NewNotification => ({ userId: dee.id, kind: 'private_message', data: { fromId: eli.id, fromName: eli.name, count: 1 }, dedupeKey: eli.id });
    const clock = fixedClock(start);
    await write(start, [message()]);
    expect(await nextDeliveryAt(database.db, start)).toEqual(at(20));
    clock.set(at(10));
    await deliverAllDueNotifications(deliveryDeps(clock));
    expect(await mailsTo(dee)).toHaveLength(0);
    clock.set(at(25));
    await deliverAllDueNotifications(deliveryDeps(clock));
    expect((await mailsTo(dee)).map((m) => m.textBody.split('\n\n')[1])).toEqual([`${eli.name} sent you a message.`]);
    // Two more messages a minute later: one later mail, 15 minutes after the first.
    await write(at(60), [message()]);
    await write(at(70), [message()]);
    clock.set(at(10 * 60));
    await deliverAllDueNotifications(deliveryDeps(clock));
    expect(await mailsTo(dee)).toHaveLength(1);
    clock.set(at(25 + 15 * 60));
    await deliverAllDueNotifications(deliveryDeps(clock));
    expect((await mailsTo(dee)).map((m) => m.textBody.split('\n\n')[1])).toEqual([`${eli.name} sent you a message.`, `${eli.name} sent you 3 messages.`]);
    // Read in the app before the next mail is due: no mail.
    await write(at(20 * 60), [message()]);
    await database.db.update(notifications).set({ readAt: at(20 * 60 + 5) }).where(eq(notifications.userId, dee.id));
    clock.set(at(60 * 60));
    await deliverAllDueNotifications(deliveryDeps(clock));
    expect(await mailsTo(dee)).toHaveLength(2);
  });

  it('does not mail a private message while its reader has the app open in another process; looks again 5 minutes later', async () => {
    const fin = await person();
    const gia = await person();
    await write(start, [{ userId: fin.id, kind: 'private_message', data: { fromId: gia.id, fromName: gia.name, count: 1 }, dedupeKey: gia.id }]);
    const clock = fixedClock(at(30));
    // Fin's stream is held by one process; the delivery runs in another.
    const holding = await startPresence({ db: database.db });
    const delivering = await startPresence({ db: database.db });
    afterAll(() => Promise.all([holding.close(), delivering.close()]));
    holding.set(fin.id, true);
    await holding.settled();
    const deps = { ...deliveryDeps(clock), connectedAmong: delivering.connectedAmong };
    await deliverAllDueNotifications(deps);
    expect(await mailsTo(fin)).toHaveLength(0);
    expect(await nextDeliveryAt(database.db, at(30))).toEqual(at(30 + 5 * 60));
    holding.set(fin.id, false);
    await holding.settled();
    clock.set(at(30 + 5 * 60));
    await deliverAllDueNotifications(deps);
    expect((await mailsTo(fin)).map((m) => m.subject)).toEqual(['New message']);
  });

  it('delivers each notification once when two processes deliver at the same time', async () => {
    const people = await Promise.all(Array.from({ length: 30 }, () => person()));
    await write(start, people.map((p) => full(p.id, 'Race Ten')));
    const pushed: PushItem[] = [];
    await Promise.all([deliverAllDueNotifications(deliveryDeps(fixedClock(start), pushed)), deliverAllDueNotifications(deliveryDeps(fixedClock(start), pushed))]);
    const mails = await database.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, people.map((p) => p.email)));
    expect(mails).toHaveLength(30);
    expect(new Set(mails.map((m) => m.toAddress)).size).toBe(30);
    expect(pushed.filter((p) => people.some((q) => q.id === p.userId))).toHaveLength(30);
  });
});

describe('notification settings and one-click unsubscribe', () => {
  const t = () => createTestApp(database.db, { clock: fixedClock(start) });

  it('lists every kind with its default, saves a choice, and refuses a digest for an election', async () => {
    const app = t();
    const fay = await person();
    const cookie = await app.cookieFor(fay);
    const list = (await (await app.request('/api/notification-settings', { cookie })).json()) as { items: Array<{ kind: string; email: boolean; cadence: string; digestible: boolean }> };
    expect(list.items.find((i) => i.kind === 'badge_earned')).toEqual({ kind: 'badge_earned', email: true, push: true, cadence: 'weekly', digestible: true });
    expect(list.items.find((i) => i.kind === 'caucus_full')).toMatchObject({ cadence: 'immediate', digestible: false });
    const saved = await app.request('/api/notification-settings/badge_earned', { method: 'PUT', cookie, json: { email: true, push: false, cadence: 'daily' } });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ kind: 'badge_earned', email: true, push: false, cadence: 'daily', digestible: true });
    const refused = await app.request('/api/notification-settings/caucus_full', { method: 'PUT', cookie, json: { email: true, push: true, cadence: 'weekly' } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(NOTIFICATION_SETTINGS_MESSAGES.notDigestible);
    for (const [path, json] of [
      ['/api/notification-settings/password_reset', { email: true, push: true, cadence: 'daily' }],
      ['/api/notification-settings/badge_earned', { email: 'yes', push: true, cadence: 'daily' }],
      ['/api/notification-settings/badge_earned', { email: true, push: true, cadence: 'hourly' }],
      ['/api/notification-settings/badge_earned', null],
    ] as const) {
      expect((await app.request(path, { method: 'PUT', cookie, json })).status).toBe(400);
    }
    expect((await app.request('/api/notification-settings', {})).status).toBe(401);
    const rows = await database.db.select().from(notificationSettings).where(eq(notificationSettings.userId, fay.id));
    expect(rows.map((r) => [r.kind, r.email, r.push, r.cadence])).toEqual([['badge_earned', true, false, 'daily']]);
  });

  it('unsubscribes with the link alone (RFC 8058 POST, no cookie, no Origin), keeps push, and then sends no such mail', async () => {
    const app = t();
    const gus = await person();
    const token = unsubscribeToken(secret, gus.id, 'caucus_full');
    const info = await app.request(`/api/unsubscribe/${token}`);
    expect(await info.json()).toEqual({ what: 'emails about: your caucus is full and the vote begins' });
    const res = await app.app.request(`/unsubscribe/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const rows = await database.db.select().from(notificationSettings).where(eq(notificationSettings.userId, gus.id));
    expect(rows.map((r) => [r.kind, r.email, r.push, r.cadence])).toEqual([['caucus_full', false, true, 'immediate']]);
    const pushed: PushItem[] = [];
    await write(start, [full(gus.id)]);
    await deliverAllDueNotifications(deliveryDeps(fixedClock(start), pushed));
    expect(await mailsTo(gus)).toHaveLength(0);
    expect(pushed.some((p) => p.userId === gus.id)).toBe(true);
  });

  it('turns off every kind of a digest with its link', async () => {
    const app = t();
    const hal = await person();
    const res = await app.app.request(`/unsubscribe/${unsubscribeToken(secret, hal.id, 'digest-weekly')}`, { method: 'POST' });
    expect(res.status).toBe(200);
    const rows = await database.db.select().from(notificationSettings).where(eq(notificationSettings.userId, hal.id));
    expect(rows.map((r) => [r.kind, r.email]).sort()).toEqual([
      ['badge_earned', false],
      ['reward_available', false],
    ]);
  });

  it.each([
    ['forged', () => unsubscribeToken('x'.repeat(40), '0b5f3c9e-2f41-4b57-9a4b-2f3d8f4e6a10', 'caucus_full')],
    ['garbage', () => 'not-a-token'],
    ['bad bytes', () => '%FF%FE'],
  ])('refuses a %s link with a 400 and changes nothing', async (_label, token) => {
    const app = t();
    const before = (await database.db.select().from(notificationSettings)).length;
    const res = await app.app.request(`/unsubscribe/${token()}`, { method: 'POST' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(NOTIFICATION_SETTINGS_MESSAGES.badLink);
    expect((await app.request(`/api/unsubscribe/${token()}`)).status).toBe(400);
    expect((await database.db.select().from(notificationSettings)).length).toBe(before);
  });
});

describe('sending mail over SMTP', () => {
  it('hands each message to a real SMTP server with its unsubscribe headers, text and HTML', async () => {
    const sink = await startSmtpSink();
    const { received } = sink;
    try {
      const ivy = await person();
      await write(start, [full(ivy.id, 'Mail Ten')]);
      await deliverAllDueNotifications(deliveryDeps());
      const clock = fixedClock(new Date());
      const transport = smtpTransport(sink.url);
      let sent = 0;
      try {
        for (;;) {
          const n = await deliverDueMail({ db: database.db, clock, transport, from: 'Caucus <noreply@caucus.test>' });
          sent += n;
          if (n === 0) break;
        }
      } finally {
        transport.close?.();
      }
      expect(sent).toBeGreaterThan(0);
      const mine = received.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === ivy.email);
      expect(mine).toHaveLength(1);
      const [mail] = mine;
      expect(mail!.subject).toBe('Your caucus is full');
      expect(mail!.text).toContain('Mail Ten has all its voting members.');
      expect(mail!.html).toContain('Open in the App');
      // Unfolded (a long header is folded over lines on the wire).
      const header = (key: string) => mail!.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n\s+/g, ' ');
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(header('list-unsubscribe')).toMatch(new RegExp(`^List-Unsubscribe: ?<${TEST_ORIGIN}/unsubscribe/${ivy.id}\\.caucus_full\\.[A-Za-z0-9_-]+>$`));
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, ivy.email));
      expect(row!.sentAt).not.toBeNull();
    } finally {
      await sink.close();
    }
  });
});
