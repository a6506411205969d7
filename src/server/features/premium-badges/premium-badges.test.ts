import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { caucusMembers, votes } from '../../db/schema/caucuses';
import { payments, premiumBadgePurchases } from '../../db/schema/payments';
import { activities, badges, premiumBadges } from '../../db/schema/points';
import { createStripeProvider } from '../../payments/stripe-provider';
import { createTestProvider } from '../../payments/test-provider';
import { createCaucusRow } from '../../test/caucus-factories';
import { createUser } from '../../test/factories';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { hasBadge } from '../points/awards.service';
import { recordProviderEvent } from '../verification/verification.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;
let badgeId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
  const [gw] = await database.db.select().from(premiumBadges).where(eq(premiumBadges.name, 'George Washington'));
  badgeId = gw!.id;
  // The badge engine's catalogue row for the premium badge (a no-op once its migration adds it).
  await database.db
    .insert(badges)
    .values({ name: 'George Washington', description: gw!.description, criteria: 'Buy the George Washington premium badge', category: 'Premium', metric: 'premium', threshold: null })
    .onConflictDoNothing({ target: badges.name });
});

type App = ReturnType<typeof createTestApp>;
type View = { id: string; name: string; priceCents: number; owned: boolean; purchasedAt: string | null; paymentPending: boolean; description: string; imageUrl: string | null };
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

async function member(app: App = t) {
  const user = await createUser(database.db);
  return { ...user, cookie: await app.signIn(user.email, user.password) };
}

const viewOf = async (cookie: string | undefined, app: App = t) => (await (await app.request(`/api/premium-badges/${badgeId}`, { cookie })).json()) as View;
const purchasesOf = (userId: string) => database.db.select().from(premiumBadgePurchases).where(eq(premiumBadgePurchases.userId, userId));
const premiumPaymentsOf = (userId: string) => database.db.select().from(payments).where(and(eq(payments.userId, userId), eq(payments.purpose, 'premium_badge')));

async function startCheckout(cookie: string, app: App = t): Promise<string> {
  const res = await app.request(`/api/premium-badges/${badgeId}/checkout`, { method: 'POST', cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

/** The test provider's page, as the browser loads it, with its signed token. */
async function openProviderPage(url: string) {
  const path = new URL(url).pathname;
  const res = await t.app.request(path);
  expect(res.status).toBe(200);
  const html = await res.text();
  return { path, html, token: /name="token" value="([^"]+)"/.exec(html)![1]! };
}

const submit = (path: string, fields: Record<string, string>) =>
  t.app.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN }, body: new URLSearchParams(fields).toString() });

/** The three Champion conditions other than a premium badge: 3 Sparks, an organized caucus, a vote in a finalized level-1 caucus. */
async function meetOtherChampionConditions(userId: string) {
  await database.db.update(users).set({ sparks: 3 }).where(eq(users.id, userId));
  await createCaucusRow(database.db, { organizerId: userId, state: 'TX', district: 7 });
  const finalized = await createCaucusRow(database.db, { state: 'TX', district: 8, level: 1 });
  await database.db.insert(caucusMembers).values({ caucusId: finalized.id, userId, isVotingMember: true });
  await database.db.insert(votes).values({ caucusId: finalized.id, voterId: userId, candidateId: userId });
  await database.db.execute(sql`update caucuses set election_finalized = true, voting_finalized = true, elected_delegate_id = ${userId} where id = ${finalized.id}`);
}

describe('GET /api/premium-badges and /api/premium-badges/:id', () => {
  it('shows George Washington with its price in cents, not owned, to a visitor and to a member', async () => {
    const list = (await (await t.request('/api/premium-badges')).json()) as View[];
    expect(list).toEqual([expect.objectContaining({ id: badgeId, name: 'George Washington', priceCents: 500, owned: false })]);
    expect(await viewOf(undefined)).toMatchObject({ id: badgeId, name: 'George Washington', priceCents: 500, owned: false, purchasedAt: null, paymentPending: false });
    const user = await member();
    expect(await viewOf(user.cookie)).toMatchObject({ owned: false, paymentPending: false });
  });

  it.each([['an unknown id', '00000000-0000-4000-8000-000000000000'], ['a malformed id', 'george-washington'], ['a number', '1']])('%s is 404 Badge Not Found', async (_what, id) => {
    for (const [method, path] of [['GET', `/api/premium-badges/${id}`], ['POST', `/api/premium-badges/${id}/checkout`]] as const) {
      const user = await member();
      const res = await t.request(path, { method, cookie: user.cookie });
      expect([path, res.status, (await errorOf(res)).message]).toEqual([path, 404, 'Badge Not Found']);
      expect(await premiumPaymentsOf(user.id)).toHaveLength(0);
    }
  });
});

describe('buying a premium badge in test mode (the local provider plays Stripe)', () => {
  it('owned only once the server records the payment: purchase, badge and activity in one go', async () => {
    const user = await member();
    const url = await startCheckout(user.cookie);
    expect(url).toMatch(new RegExp(`^${TEST_ORIGIN}/test-provider/checkout/test_cs_`));
    const page = await openProviderPage(url);
    expect(page.html).toContain('Test mode — no real payment');
    expect(page.html).toContain('Pay $5.00');
    expect(page.html).toContain('George Washington premium badge');
    expect(await premiumPaymentsOf(user.id)).toEqual([expect.objectContaining({ status: 'pending', amountCents: 500, premiumBadgeId: badgeId })]);

    // Coming back with ?payment=success proves nothing.
    const landed = await t.request(`/api/premium-badges/${badgeId}?payment=success`, { cookie: user.cookie });
    expect(await landed.json()).toMatchObject({ owned: false, paymentPending: true });
    expect(await purchasesOf(user.id)).toHaveLength(0);

    const paid = await submit(page.path, { token: page.token, action: 'pay' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${TEST_ORIGIN}/premium-badge/${badgeId}?payment=success`);

    const view = await viewOf(user.cookie);
    expect(view).toMatchObject({ owned: true, paymentPending: false });
    const [payment] = await premiumPaymentsOf(user.id);
    expect(payment).toMatchObject({ status: 'succeeded' });
    expect(await purchasesOf(user.id)).toEqual([expect.objectContaining({ premiumBadgeId: badgeId, paymentId: payment!.id })]);
    expect(view.purchasedAt).not.toBeNull();
    expect(await hasBadge(database.db, user.id, 'George Washington')).toBe(true);
    expect(await database.db.$count(activities, and(eq(activities.userId, user.id), eq(activities.description, 'Earned the George Washington badge')))).toBe(1);
    // The other viewers do not own it.
    expect(await viewOf(undefined)).toMatchObject({ owned: false });

    // A second purchase is refused; the completed checkout cannot be replayed.
    const again = await t.request(`/api/premium-badges/${badgeId}/checkout`, { method: 'POST', cookie: user.cookie });
    expect([again.status, (await errorOf(again)).message]).toEqual([409, 'You already own this badge.']);
    expect((await submit(page.path, { token: page.token, action: 'pay' })).status).toBe(404);
    expect(await purchasesOf(user.id)).toHaveLength(1);
  });

  it('a replayed payment event changes nothing', async () => {
    const user = await member();
    const page = await openProviderPage(await startCheckout(user.cookie));
    await submit(page.path, { token: page.token, action: 'pay' });
    const ref = page.path.split('/').pop()!;
    const deps = { db: database.db, clock: systemClock, logger: pino({ level: 'silent' }), payments: createTestProvider({ baseUrl: TEST_ORIGIN }), secret: '', baseUrl: TEST_ORIGIN };
    const event = { kind: 'payment_succeeded' as const, eventId: 'replay', ref, userId: user.id, purpose: 'premium_badge', amountCents: 500, currency: 'usd' };
    await Promise.all([1, 2, 3, 4, 5].map(() => recordProviderEvent(deps, event)));
    expect(await purchasesOf(user.id)).toHaveLength(1);
    expect(await database.db.$count(activities, and(eq(activities.userId, user.id), eq(activities.activityType, 'badge_earned')))).toBe(1);
  });

  it('Cancel records a failed payment and no purchase; the member can try again', async () => {
    const user = await member();
    const page = await openProviderPage(await startCheckout(user.cookie));
    const cancelled = await submit(page.path, { token: page.token, action: 'cancel' });
    expect(cancelled.headers.get('location')).toBe(`${TEST_ORIGIN}/premium-badge/${badgeId}?payment=cancelled`);
    expect(await premiumPaymentsOf(user.id)).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(await purchasesOf(user.id)).toHaveLength(0);
    expect(await viewOf(user.cookie)).toMatchObject({ owned: false, paymentPending: false });
    await startCheckout(user.cookie);
  });

  it('a forged post to the provider page buys nothing', async () => {
    const user = await member();
    const page = await openProviderPage(await startCheckout(user.cookie));
    expect((await submit(page.path, { action: 'pay' })).status).toBe(403);
    expect((await submit(page.path, { token: 'x'.repeat(43), action: 'pay' })).status).toBe(403);
    expect(await purchasesOf(user.id)).toHaveLength(0);
    expect(await hasBadge(database.db, user.id, 'George Washington')).toBe(false);
  });

  it('the purchase completes Champion when the other three conditions hold', async () => {
    const user = await member();
    await meetOtherChampionConditions(user.id);
    expect(await hasBadge(database.db, user.id, 'Champion')).toBe(false);
    const page = await openProviderPage(await startCheckout(user.cookie));
    await submit(page.path, { token: page.token, action: 'pay' });
    expect(await hasBadge(database.db, user.id, 'Champion')).toBe(true);
    const session = (await (await t.request('/api/session', { cookie: user.cookie })).json()) as { user: { badgeNames: string[] } };
    expect(session.user.badgeNames).toEqual(expect.arrayContaining(['Champion', 'George Washington']));
  });

  it('without the other conditions the purchase does not make a Champion', async () => {
    const user = await member();
    const page = await openProviderPage(await startCheckout(user.cookie));
    await submit(page.path, { token: page.token, action: 'pay' });
    expect(await hasBadge(database.db, user.id, 'George Washington')).toBe(true);
    expect(await hasBadge(database.db, user.id, 'Champion')).toBe(false);
  });

  it("in test mode 'Check again' has nothing to ask: it answers the badge as recorded", async () => {
    const user = await member();
    await startCheckout(user.cookie);
    const res = await t.request(`/api/premium-badges/${badgeId}/check`, { method: 'POST', cookie: user.cookie });
    expect(await res.json()).toMatchObject({ owned: false, paymentPending: true });
    const visitor = await t.request(`/api/premium-badges/${badgeId}/check`, { method: 'POST' });
    expect(visitor.status).toBe(401);
    expect(await purchasesOf(user.id)).toHaveLength(0);
  });

  it('a visitor cannot start a checkout; in production without Stripe keys purchases are unavailable', async () => {
    const visitor = await t.request(`/api/premium-badges/${badgeId}/checkout`, { method: 'POST' });
    expect([visitor.status, (await errorOf(visitor)).message]).toEqual([401, 'You must be logged in to buy a badge.']);
    const prod = createTestApp(database.db, { settings: { isProduction: true } });
    const user = await member(prod);
    const res = await prod.request(`/api/premium-badges/${badgeId}/checkout`, { method: 'POST', cookie: user.cookie });
    expect([res.status, (await errorOf(res)).message]).toEqual([503, 'Purchases are not available on this server right now.']);
    expect(await premiumPaymentsOf(user.id)).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Stripe mode: Stripe's HTTP is stood in for at its boundary (a fake fetch behind the real
// `stripe` library); webhooks are signed with Stripe's own test helper.

const WEBHOOK_SECRET = 'whsec_premium_badges_test';
const signer = new Stripe('sk_test_premium');

function fakeStripe() {
  let n = 0;
  const sessions = new Map<string, Record<string, unknown>>();
  const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_x' } });
  const fakeFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const params = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    if (init?.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = `cs_test_pb_${++n}_${Date.now()}`;
      const session = {
        id,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(params.get('line_items[0][price_data][unit_amount]')),
        currency: params.get('line_items[0][price_data][currency]'),
        metadata: { userId: params.get('metadata[userId]'), purpose: params.get('metadata[purpose]'), premiumBadgeId: params.get('metadata[premiumBadgeId]') },
        success_url: params.get('success_url'),
        cancel_url: params.get('cancel_url'),
        url: `https://checkout.stripe.com/c/pay/${id}`,
      };
      sessions.set(id, session);
      return reply(session);
    }
    const stored = sessions.get(url.pathname.replace('/v1/checkout/sessions/', ''));
    if ((init?.method ?? 'GET') === 'GET' && stored) return reply(stored);
    return reply({ error: { type: 'invalid_request_error', message: 'No such object' } }, 404);
  };
  const provider = createStripeProvider({ secretKey: 'sk_test_premium', webhookSecret: WEBHOOK_SECRET, httpClient: Stripe.createFetchHttpClient(fakeFetch) });
  return { provider, sessions };
}

describe('buying a premium badge with Stripe (Checkout and signed webhooks)', () => {
  let stripe: ReturnType<typeof fakeStripe>;
  let s: App;

  beforeAll(() => {
    stripe = fakeStripe();
    s = createTestApp(database.db, { settings: { STRIPE_SECRET_KEY: 'sk_test_premium', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }, payments: stripe.provider });
  });

  let eventCounter = 0;
  const completed = (object: Record<string, unknown>) => ({
    id: `evt_pb_${++eventCounter}`,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: '2026-10-28',
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...object, status: 'complete', payment_status: 'paid' } },
  });
  const deliver = (event: unknown, signed = true) => {
    const payload = JSON.stringify(event);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signed) headers['stripe-signature'] = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return s.app.request('/webhooks/stripe', { method: 'POST', headers, body: payload });
  };

  it('opens a Checkout Session for the badge price with the user, purpose and badge in its metadata; only a signed webhook counts', async () => {
    const user = await member(s);
    const url = await startCheckout(user.cookie, s);
    const session = stripe.sessions.get(url.split('/').pop()!)!;
    expect(session).toMatchObject({
      amount_total: 500,
      currency: 'usd',
      metadata: { userId: user.id, purpose: 'premium_badge', premiumBadgeId: badgeId },
      success_url: `${TEST_ORIGIN}/premium-badge/${badgeId}?payment=success`,
      cancel_url: `${TEST_ORIGIN}/premium-badge/${badgeId}?payment=cancelled`,
    });

    expect((await deliver(completed(session), false)).status).toBe(400);
    expect(await purchasesOf(user.id)).toHaveLength(0);

    const event = completed(session);
    expect((await deliver(event)).status).toBe(200);
    expect(await viewOf(user.cookie, s)).toMatchObject({ owned: true });
    expect(await hasBadge(database.db, user.id, 'George Washington')).toBe(true);
    // Stripe redelivers: nothing changes.
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(completed(session))).status).toBe(200);
    expect(await purchasesOf(user.id)).toHaveLength(1);
  });

  it.each([
    ['underpaid', 300],
    ['overpaid', 600],
  ])('an %s checkout is not a purchase', async (_what, amount) => {
    const user = await member(s);
    const session = stripe.sessions.get((await startCheckout(user.cookie, s)).split('/').pop()!)!;
    expect((await deliver(completed({ ...session, amount_total: amount }))).status).toBe(200);
    expect(await purchasesOf(user.id)).toHaveLength(0);
    expect(await premiumPaymentsOf(user.id)).toEqual([expect.objectContaining({ status: 'pending' })]);
  });

  it('a paid checkout we failed to record is recovered from the metadata Stripe signed', async () => {
    const user = await member(s);
    const event = completed({
      id: `cs_test_unrecorded_${Date.now()}`,
      object: 'checkout.session',
      amount_total: 500,
      currency: 'usd',
      metadata: { userId: user.id, purpose: 'premium_badge', premiumBadgeId: badgeId },
    });
    expect((await deliver(event)).status).toBe(200);
    expect(await premiumPaymentsOf(user.id)).toEqual([expect.objectContaining({ status: 'succeeded', amountCents: 500, premiumBadgeId: badgeId })]);
    expect(await purchasesOf(user.id)).toHaveLength(1);
  });

  it("'Check again' asks Stripe about the open checkout when its webhook has not arrived", async () => {
    const user = await member(s);
    const ref = (await startCheckout(user.cookie, s)).split('/').pop()!;
    const check = () => s.request(`/api/premium-badges/${badgeId}/check`, { method: 'POST', cookie: user.cookie });
    const before = await check();
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({ owned: false, paymentPending: true });

    stripe.sessions.set(ref, { ...stripe.sessions.get(ref), status: 'complete', payment_status: 'paid' });
    expect(await (await check()).json()).toMatchObject({ owned: true, paymentPending: false });
    expect(await purchasesOf(user.id)).toHaveLength(1);
    expect(await hasBadge(database.db, user.id, 'George Washington')).toBe(true);
  });

  it('signed metadata naming an unknown badge buys nothing', async () => {
    const user = await member(s);
    const event = completed({
      id: `cs_test_unknown_${Date.now()}`,
      object: 'checkout.session',
      amount_total: 500,
      currency: 'usd',
      metadata: { userId: user.id, purpose: 'premium_badge', premiumBadgeId: '00000000-0000-4000-8000-000000000000' },
    });
    expect((await deliver(event)).status).toBe(200);
    expect(await premiumPaymentsOf(user.id)).toHaveLength(0);
    expect(await purchasesOf(user.id)).toHaveLength(0);
  });
});
