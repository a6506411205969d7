import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_REQUIRED_MESSAGE } from '../../../domain/caucuses/election';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { caucuses } from '../../db/schema/caucuses';
import { notifications } from '../../db/schema/notifications';
import { payments, verificationSessions } from '../../db/schema/payments';
import { systemClock } from '../../clock';
import { createStripeProvider } from '../../payments/stripe-provider';
import { addVotingMembers, createCaucusRow } from '../../test/caucus-factories';
import { createUser } from '../../test/factories';
import { createTestApp, TEST_ORIGIN, testSettings } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { castVote } from '../caucuses/caucuses.service';
import { governmentIdDigest } from './verification.service';

let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await createTestDatabase();
  t = createTestApp(database.db);
});

type App = ReturnType<typeof createTestApp>;
type Json = Record<string, unknown>;
const json = async (res: Response) => (await res.json()) as Json;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

async function newUser(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(database.db, overrides);
  return { ...user, cookie: await t.signIn(user.email, user.password) };
}

const status = async (cookie: string, app: App = t) => json(await app.request('/api/verification', { cookie }));
const verifiedFlag = async (userId: string) => (await database.db.select({ v: users.verified }).from(users).where(eq(users.id, userId)))[0]!.v;

async function startPayment(cookie: string, app: App = t): Promise<string> {
  const res = await app.request('/api/verification/payment', { method: 'POST', cookie });
  expect(res.status).toBe(200);
  return (await json(res)).url as string;
}

async function startIdentity(cookie: string, governmentId: string, app: App = t): Promise<string> {
  const res = await app.request('/api/verification/identity', { method: 'POST', cookie, json: { governmentId } });
  expect(res.status).toBe(200);
  return (await json(res)).url as string;
}

/** The test provider's page, as the browser would load it, with the token its form carries. */
async function openProviderPage(url: string): Promise<{ path: string; html: string; token: string }> {
  const path = new URL(url).pathname;
  const res = await t.app.request(path);
  expect(res.status).toBe(200);
  const html = await res.text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  expect(token).toBeTruthy();
  return { path, html, token: token! };
}

/** A form post to the test provider, as its page's button would send it. */
function submitProviderForm(path: string, fields: Record<string, string>, origin: string | null = TEST_ORIGIN) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (origin) headers.origin = origin;
  return t.app.request(path, { method: 'POST', headers, body: new URLSearchParams(fields).toString() });
}

async function payFee(cookie: string) {
  const page = await openProviderPage(await startPayment(cookie));
  const res = await submitProviderForm(page.path, { token: page.token, action: 'pay' });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe(`${TEST_ORIGIN}/verification?payment=success`);
}

async function passIdentity(cookie: string, governmentId: string, action: 'approve' | 'reject' = 'approve') {
  const page = await openProviderPage(await startIdentity(cookie, governmentId));
  const res = await submitProviderForm(page.path, { token: page.token, action });
  expect(res.status).toBe(303);
}

let idCounter = 0;
/** A fresh, valid 'U.S. Government ID#' for each test. */
const newGovernmentId = () => `D${process.pid}-${Date.now() % 1_000_000}-${++idCounter}`.slice(0, 20);

describe('verification in test mode (the local provider plays Stripe)', () => {
  it('the user becomes verified only after both the fee and the identity check, fee first', async () => {
    const user = await newUser();
    expect(await status(user.cookie)).toEqual({ verified: false, feePaid: false, feeCents: 300, payment: 'none', identity: 'none', mode: 'test' });

    const page = await openProviderPage(await startPayment(user.cookie));
    expect(page.html).toContain('Test mode — no real payment');
    expect(page.html).toContain('Pay $3.00');
    expect(page.html).toContain('Cancel');
    expect(await status(user.cookie)).toMatchObject({ payment: 'pending', feePaid: false });

    await submitProviderForm(page.path, { token: page.token, action: 'pay' });
    expect(await status(user.cookie)).toMatchObject({ verified: false, feePaid: true, payment: 'succeeded', identity: 'none' });
    expect(await verifiedFlag(user.id)).toBe(false);

    const identityPage = await openProviderPage(await startIdentity(user.cookie, newGovernmentId()));
    expect(identityPage.html).toContain('Test mode');
    expect(identityPage.html).toContain('Approve');
    expect(identityPage.html).toContain('Reject');
    expect(await status(user.cookie)).toMatchObject({ verified: false, identity: 'pending' });
    const res = await submitProviderForm(identityPage.path, { token: identityPage.token, action: 'approve' });
    expect(res.headers.get('location')).toBe(`${TEST_ORIGIN}/verification?identity=submitted`);

    expect(await status(user.cookie)).toMatchObject({ verified: true, feePaid: true, identity: 'verified' });
    expect(await verifiedFlag(user.id)).toBe(true);
    const session = await json(await t.request('/api/session', { cookie: user.cookie }));
    expect(session.user).toMatchObject({ verified: true });
    // Verified: the Welcome Voucher waits, and a notification says so (once).
    const rewards = await database.db.select({ data: notifications.data }).from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'reward_available')));
    expect(rewards.map((r) => r.data)).toEqual([{ rewardTitle: 'Welcome Voucher' }]);
  });

  it('the order does not matter: identity first, then the fee', async () => {
    const user = await newUser();
    await passIdentity(user.cookie, newGovernmentId());
    expect(await status(user.cookie)).toMatchObject({ verified: false, feePaid: false, identity: 'verified' });
    expect(await verifiedFlag(user.id)).toBe(false);
    await payFee(user.cookie);
    expect(await status(user.cookie)).toMatchObject({ verified: true, feePaid: true, identity: 'verified' });
  });

  it('a ?payment=success return, payment_intent_status=succeeded and Check Status prove nothing by themselves', async () => {
    const user = await newUser();
    await startPayment(user.cookie);
    const landed = await t.request('/api/verification?payment=success&payment_intent_status=succeeded', { cookie: user.cookie });
    expect(await json(landed)).toMatchObject({ feePaid: false, payment: 'pending', verified: false });
    const check = await t.request('/api/verification/check?payment=success', { method: 'POST', cookie: user.cookie, json: { payment: 'success', verified: true } });
    expect(check.status).toBe(200);
    expect(await json(check)).toMatchObject({ title: 'Not Yet Verified', verified: false, feePaid: false, message: expect.stringContaining('$3.00') });
    expect(await database.db.$count(payments, and(eq(payments.userId, user.id), eq(payments.status, 'succeeded')))).toBe(0);
    expect(await verifiedFlag(user.id)).toBe(false);
  });

  it('a forged post to the test provider (no token, another session’s token, foreign or missing Origin) changes nothing', async () => {
    const user = await newUser();
    const checkout = await openProviderPage(await startPayment(user.cookie));
    const identity = await openProviderPage(await startIdentity(user.cookie, newGovernmentId()));
    const other = await newUser();
    const othersCheckout = await openProviderPage(await startPayment(other.cookie));

    const forged = [
      await submitProviderForm(checkout.path, { action: 'pay' }),
      await submitProviderForm(checkout.path, { token: 'x'.repeat(43), action: 'pay' }),
      await submitProviderForm(checkout.path, { token: othersCheckout.token, action: 'pay' }),
      await submitProviderForm(checkout.path, { token: identity.token, action: 'pay' }),
      await submitProviderForm(checkout.path, { token: checkout.token, action: 'pay' }, 'https://evil.example'),
      await submitProviderForm(checkout.path, { token: checkout.token, action: 'pay' }, null),
      await submitProviderForm(identity.path, { token: checkout.token, action: 'approve' }),
      await submitProviderForm(identity.path, { token: identity.token, action: 'approve' }, 'https://evil.example'),
    ];
    expect(forged.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403, 403]);
    expect(await status(user.cookie)).toMatchObject({ verified: false, feePaid: false, payment: 'pending', identity: 'pending' });

    const unknown = await submitProviderForm('/test-provider/checkout/test_cs_AAAAAAAAAAAAAAAAAAAAAAAA', { token: checkout.token, action: 'pay' });
    expect(unknown.status).toBe(404);
    const malformed = await t.app.request('/test-provider/checkout/..%2F..%2Fapi');
    expect(malformed.status).toBe(404);
  });

  it('a completed checkout cannot be replayed, and Cancel records a failed payment the user can retry', async () => {
    const user = await newUser();
    const page = await openProviderPage(await startPayment(user.cookie));
    const cancel = await submitProviderForm(page.path, { token: page.token, action: 'cancel' });
    expect(cancel.headers.get('location')).toBe(`${TEST_ORIGIN}/verification?payment=cancelled`);
    expect(await status(user.cookie)).toMatchObject({ payment: 'failed', feePaid: false });
    // The cancelled checkout is closed: its page and its form are gone.
    expect((await t.app.request(page.path)).status).toBe(404);
    expect((await submitProviderForm(page.path, { token: page.token, action: 'pay' })).status).toBe(404);
    expect(await status(user.cookie)).toMatchObject({ payment: 'failed', feePaid: false });

    await payFee(user.cookie);
    expect(await status(user.cookie)).toMatchObject({ payment: 'succeeded', feePaid: true });
    const again = await t.request('/api/verification/payment', { method: 'POST', cookie: user.cookie });
    expect([again.status, (await errorOf(again)).message]).toEqual([409, 'Your $3.00 verification fee is already paid.']);
    expect(await database.db.$count(payments, and(eq(payments.userId, user.id), eq(payments.status, 'succeeded')))).toBe(1);
  });

  it('a rejected identity check fails, leaves the user unverified, and a new one may be started', async () => {
    const user = await newUser();
    await payFee(user.cookie);
    await passIdentity(user.cookie, newGovernmentId(), 'reject');
    expect(await status(user.cookie)).toMatchObject({ verified: false, identity: 'failed' });
    const check = await json(await t.request('/api/verification/check', { method: 'POST', cookie: user.cookie }));
    expect(check).toMatchObject({ title: 'Not Yet Verified', message: 'The identity check did not pass; please start a new one.' });
    await passIdentity(user.cookie, newGovernmentId());
    expect(await status(user.cookie)).toMatchObject({ verified: true, identity: 'verified' });
    const check2 = await json(await t.request('/api/verification/check', { method: 'POST', cookie: user.cookie }));
    expect(check2).toMatchObject({ title: 'Verified', verified: true });
  });

  it('a verified user cannot start another payment or identity check', async () => {
    const user = await newUser();
    await payFee(user.cookie);
    await passIdentity(user.cookie, newGovernmentId());
    const pay = await t.request('/api/verification/payment', { method: 'POST', cookie: user.cookie });
    const id = await t.request('/api/verification/identity', { method: 'POST', cookie: user.cookie, json: { governmentId: newGovernmentId() } });
    expect([pay.status, (await errorOf(pay)).message]).toEqual([409, 'Your account is already verified.']);
    expect([id.status, (await errorOf(id)).message]).toEqual([409, 'Your account is already verified.']);
  });
});

describe('the U.S. Government ID#', () => {
  it.each([[''], ['ab'], ['x'.repeat(21)], ['D123 4567'], ['<script>'], [12345678]])('refuses %j with a clear 400 and records nothing', async (governmentId) => {
    const user = await newUser();
    const res = await t.request('/api/verification/identity', { method: 'POST', cookie: user.cookie, json: { governmentId } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe('Enter your U.S. Government ID# (4 to 20 letters, digits or dashes).');
    expect(await database.db.$count(verificationSessions, eq(verificationSessions.userId, user.id))).toBe(0);
  });

  it('is never stored or logged in clear: only its HMAC digest keyed with AUTH_SECRET', async () => {
    const governmentId = 'S530-4412-9876';
    const user = await newUser();
    await passIdentity(user.cookie, governmentId);
    await payFee(user.cookie);
    const bare = governmentId.replace(/-/g, '');

    const textColumns = await database.db.execute<{ column_name: string }>(sql`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'verification_sessions'
        and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`);
    expect(textColumns.rows.map((r) => r.column_name)).toContain('government_id_digest');
    for (const { column_name } of textColumns.rows) {
      const hits = await database.db.execute(
        sql`select 1 from verification_sessions where upper(replace(${sql.identifier(column_name)}::text, '-', '')) like ${`%${bare}%`}`,
      );
      expect(hits.rows, column_name).toHaveLength(0);
    }
    // Nowhere else either: not in payments, not in the rate-limit keys.
    const everywhere = await database.db.execute(sql`
      select 1 from payments p where p::text ilike ${`%${bare}%`}
      union all select 1 from rate_limits r where r::text ilike ${`%${bare}%`}`);
    expect(everywhere.rows).toHaveLength(0);

    const [row] = await database.db.select().from(verificationSessions).where(eq(verificationSessions.userId, user.id));
    expect(row!.governmentIdDigest).toBe(governmentIdDigest(testSettings.AUTH_SECRET, governmentId));
    expect(row!.governmentIdDigest).not.toBe(createHash('sha256').update(governmentId).digest('hex'));
    expect(row!.governmentIdDigest).not.toBe(createHash('sha256').update(bare).digest('hex'));

    const logText = JSON.stringify(t.logs);
    expect(logText).not.toContain(governmentId);
    expect(logText).not.toContain(bare);
  });

  it('an ID that already verified another account is refused with a 409, however it is written', async () => {
    const first = await newUser();
    await payFee(first.cookie);
    await passIdentity(first.cookie, 'K77-1234-55');
    expect(await verifiedFlag(first.id)).toBe(true);

    const second = await newUser();
    for (const written of ['K77-1234-55', 'k77123455', 'K7712-3455']) {
      const res = await t.request('/api/verification/identity', { method: 'POST', cookie: second.cookie, json: { governmentId: written } });
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toMatchObject({ code: 'government_id_in_use', message: 'This U.S. Government ID# is already used by another verified account.' });
    }
    expect(await database.db.$count(verificationSessions, eq(verificationSessions.userId, second.id))).toBe(0);
  });

  it('two accounts racing with the same ID: only one becomes verified', async () => {
    const governmentId = newGovernmentId();
    const a = await newUser();
    const b = await newUser();
    await passIdentity(a.cookie, governmentId);
    await passIdentity(b.cookie, governmentId);
    const pages = [await openProviderPage(await startPayment(a.cookie)), await openProviderPage(await startPayment(b.cookie))];
    await Promise.all(pages.map((p) => submitProviderForm(p.path, { token: p.token, action: 'pay' })));
    const flags = [await verifiedFlag(a.id), await verifiedFlag(b.id)];
    expect(flags.filter(Boolean)).toHaveLength(1);
    const loser = flags[0] ? b : a;
    expect(await status(loser.cookie)).toMatchObject({ verified: false, feePaid: true, identity: 'failed' });
  });
});

describe('errors and access', () => {
  it('a visitor gets the spec’s Authentication Error on every verification route', async () => {
    for (const [method, path] of [
      ['GET', '/api/verification'],
      ['POST', '/api/verification/payment'],
      ['POST', '/api/verification/identity'],
      ['POST', '/api/verification/check'],
    ] as const) {
      const res = await t.request(path, { method, json: method === 'POST' ? { governmentId: 'bad' } : undefined });
      expect([path, res.status, (await errorOf(res)).message]).toEqual([path, 401, 'Authentication Error: No user logged in.']);
    }
  });

  it('state-changing verification requests need our Origin', async () => {
    const user = await newUser();
    const res = await t.app.request('/api/verification/payment', { method: 'POST', headers: { cookie: user.cookie } });
    expect(res.status).toBe(403);
    expect(await database.db.$count(payments, eq(payments.userId, user.id))).toBe(0);
  });

  it('in test mode there is no Stripe webhook', async () => {
    const res = await t.app.request('/webhooks/stripe', { method: 'POST', body: '{}', headers: { 'stripe-signature': 't=1,v1=x' } });
    expect(res.status).toBe(404);
  });

  it('in production without Stripe keys verification is unavailable, never free', async () => {
    const prod = createTestApp(database.db, { settings: { isProduction: true } });
    const user = await createUser(database.db);
    const cookie = await prod.signIn(user.email, user.password);
    expect(await status(cookie, prod)).toMatchObject({ mode: 'unavailable', verified: false });
    const res = await prod.request('/api/verification/payment', { method: 'POST', cookie });
    expect(res.status).toBe(503);
    expect((await errorOf(res)).message).toMatch(/^Verification Error: /);
    expect((await prod.app.request('/test-provider/checkout/test_cs_AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});

describe('the election finalizes by itself when the last member becomes verified', () => {
  it('a unanimous caucus waiting for one unverified member finalizes when that member completes verification', async () => {
    const caucus = await createCaucusRow(database.db, { state: 'NV', district: 2 });
    const verifiedMembers = await addVotingMembers(database.db, caucus, 9, { verified: true });
    const [last] = await addVotingMembers(database.db, caucus, 1, { verified: false });
    const delegate = verifiedMembers[0]!;
    const deps = { db: database.db, clock: systemClock };
    let result;
    for (const m of [...verifiedMembers, last!]) result = await castVote(deps, m.id, caucus.id, delegate.id);
    expect(result).toEqual({ status: 'awaiting_verification', message: VERIFICATION_REQUIRED_MESSAGE });

    const cookie = await t.signIn(last!.email, last!.password);
    await payFee(cookie);
    let [row] = await database.db.select().from(caucuses).where(eq(caucuses.id, caucus.id));
    expect(row!.electionFinalized).toBe(false);
    await passIdentity(cookie, newGovernmentId());
    [row] = await database.db.select().from(caucuses).where(eq(caucuses.id, caucus.id));
    expect(row).toMatchObject({ electionFinalized: true, votingFinalized: true, electedDelegateId: delegate.id });
  });
});

// ---------------------------------------------------------------------------------------------
// Stripe mode: Stripe's HTTP is stood in for at its boundary (a fake fetch behind the real
// `stripe` library); webhooks are signed with Stripe's own test helper.

const WEBHOOK_SECRET = 'whsec_integration_test';
const stripeSettings = { STRIPE_SECRET_KEY: 'sk_test_integration', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };
const signer = new Stripe('sk_test_integration');

function fakeStripeApi() {
  let n = 0;
  const checkouts = new Map<string, Json>();
  const identities = new Map<string, Json>();
  const state = { failWith: null as null | number, omitUrl: false };
  const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_x' } });
  const fakeFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const params = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    if (state.failWith) return reply({ error: { type: 'api_error', message: 'Stripe is down' } }, state.failWith);
    if (init?.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = `cs_test_${++n}_${Date.now()}`;
      const session = {
        id,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(params.get('line_items[0][price_data][unit_amount]')),
        currency: 'usd',
        metadata: { userId: params.get('metadata[userId]'), purpose: params.get('metadata[purpose]') },
        url: state.omitUrl ? null : `https://checkout.stripe.com/c/pay/${id}`,
      };
      checkouts.set(id, session);
      return reply(session);
    }
    if (init?.method === 'POST' && url.pathname === '/v1/identity/verification_sessions') {
      const id = `vs_test_${++n}_${Date.now()}`;
      const session = {
        id,
        object: 'identity.verification_session',
        type: params.get('type'),
        status: 'requires_input',
        last_error: null,
        metadata: { userId: params.get('metadata[userId]') },
        url: state.omitUrl ? null : `https://verify.stripe.com/start/${id}`,
      };
      identities.set(id, session);
      return reply(session);
    }
    const checkout = checkouts.get(url.pathname.replace('/v1/checkout/sessions/', ''));
    if (init?.method === 'GET' && checkout) return reply(checkout);
    const identity = identities.get(url.pathname.replace('/v1/identity/verification_sessions/', ''));
    if (init?.method === 'GET' && identity) return reply(identity);
    return reply({ error: { type: 'invalid_request_error', message: 'No such object' } }, 404);
  };
  const provider = createStripeProvider({ ...stripeSettings, secretKey: stripeSettings.STRIPE_SECRET_KEY, webhookSecret: WEBHOOK_SECRET, httpClient: Stripe.createFetchHttpClient(fakeFetch) });
  return { provider, checkouts, identities, state };
}

describe('verification with Stripe (Checkout, Identity, signed webhooks)', () => {
  let stripe: ReturnType<typeof fakeStripeApi>;
  let s: App;

  beforeAll(() => {
    stripe = fakeStripeApi();
    s = createTestApp(database.db, { settings: stripeSettings, payments: stripe.provider });
  });

  const signIn = async () => {
    const user = await createUser(database.db);
    return { ...user, cookie: await s.signIn(user.email, user.password) };
  };

  /** Stripe delivering an event: no Origin, no cookie, a Stripe-Signature header. */
  const deliver = (event: unknown, options: { secret?: string; signature?: string | null; body?: string } = {}) => {
    const payload = options.body ?? JSON.stringify(event);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const signature = options.signature === undefined ? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET }) : options.signature;
    if (signature !== null) headers['stripe-signature'] = signature;
    return s.app.request('/webhooks/stripe', { method: 'POST', headers, body: payload });
  };

  let eventCounter = 0;
  const event = (type: string, object: Json) => ({ id: `evt_test_${++eventCounter}`, object: 'event', type, api_version: '2026-10-28', created: Math.floor(Date.now() / 1000), data: { object } });
  const paidCheckout = (ref: string) => event('checkout.session.completed', { ...stripe.checkouts.get(ref), status: 'complete', payment_status: 'paid' });
  const verifiedIdentity = (ref: string) => event('identity.verification_session.verified', { ...stripe.identities.get(ref), status: 'verified' });
  const refOf = (url: string) => url.split('/').pop()!;

  it('starts Stripe-hosted pages and counts only signed webhooks; redelivery is idempotent', async () => {
    const user = await signIn();
    const checkoutUrl = await startPayment(user.cookie, s);
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const identityUrl = await startIdentity(user.cookie, newGovernmentId(), s);
    expect(identityUrl).toMatch(/^https:\/\/verify\.stripe\.com\/start\/vs_test_/);
    expect(stripe.identities.get(refOf(identityUrl))).toMatchObject({ type: 'document', metadata: { userId: user.id } });
    expect(stripe.checkouts.get(refOf(checkoutUrl))).toMatchObject({ amount_total: 300, metadata: { userId: user.id, purpose: 'verification_fee' } });

    const paid = paidCheckout(refOf(checkoutUrl));
    // Unsigned, wrongly signed, or tampered: 400 and nothing changes.
    expect((await deliver(paid, { signature: null })).status).toBe(400);
    expect((await deliver(paid, { secret: 'whsec_not_ours' })).status).toBe(400);
    expect((await deliver(paid, { signature: 't=1,v1=0000' })).status).toBe(400);
    // A body changed after Stripe signed it (here: the checkout of someone else's session).
    const signedOriginal = signer.webhooks.generateTestHeaderString({ payload: JSON.stringify(paidCheckout('cs_other')), secret: WEBHOOK_SECRET });
    expect((await deliver(null, { body: JSON.stringify(paid), signature: signedOriginal })).status).toBe(400);
    expect(await status(user.cookie, s)).toMatchObject({ mode: 'stripe', feePaid: false, payment: 'pending' });

    const ok = await deliver(paid);
    expect(ok.status).toBe(200);
    expect(await json(ok)).toEqual({ received: true });
    expect(await status(user.cookie, s)).toMatchObject({ feePaid: true, verified: false });
    const [first] = await database.db.select().from(payments).where(eq(payments.providerRef, refOf(checkoutUrl)));

    // Stripe redelivers: same answer, nothing changes.
    expect((await deliver(paid)).status).toBe(200);
    const rows = await database.db.select().from(payments).where(eq(payments.providerRef, refOf(checkoutUrl)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.completedAt).toEqual(first!.completedAt);
    // A late "expired" for the paid checkout does not undo it.
    expect((await deliver(event('checkout.session.expired', { ...stripe.checkouts.get(refOf(checkoutUrl)), status: 'expired' }))).status).toBe(200);
    expect(await status(user.cookie, s)).toMatchObject({ feePaid: true });

    const verified = verifiedIdentity(refOf(identityUrl));
    expect((await deliver(verified)).status).toBe(200);
    expect(await status(user.cookie, s)).toMatchObject({ verified: true, identity: 'verified' });
    expect((await deliver(verified)).status).toBe(200);
    // A late requires_input after verified does not undo it.
    expect((await deliver(event('identity.verification_session.requires_input', { ...stripe.identities.get(refOf(identityUrl)) }))).status).toBe(200);
    expect(await status(user.cookie, s)).toMatchObject({ verified: true, identity: 'verified' });
    expect(await verifiedFlag(user.id)).toBe(true);
  });

  it('answers 200 to events it does not act on, and ignores an underpaid or foreign checkout', async () => {
    expect((await deliver(event('customer.created', { id: 'cus_1', object: 'customer' }))).status).toBe(200);
    const user = await signIn();
    const ref = refOf(await startPayment(user.cookie, s));
    const underpaid = event('checkout.session.completed', { ...stripe.checkouts.get(ref), status: 'complete', payment_status: 'paid', amount_total: 100 });
    expect((await deliver(underpaid)).status).toBe(200);
    const someoneElse = await createUser(database.db);
    const foreign = event('checkout.session.completed', { ...stripe.checkouts.get(ref), status: 'complete', payment_status: 'paid', metadata: { userId: someoneElse.id, purpose: 'verification_fee' } });
    expect((await deliver(foreign)).status).toBe(200);
    expect(await status(user.cookie, s)).toMatchObject({ feePaid: false, payment: 'pending' });
  });

  it('Check Status asks Stripe directly when a webhook has not arrived', async () => {
    const user = await signIn();
    const checkoutRef = refOf(await startPayment(user.cookie, s));
    const identityRef = refOf(await startIdentity(user.cookie, newGovernmentId(), s));
    const before = await json(await s.request('/api/verification/check', { method: 'POST', cookie: user.cookie }));
    expect(before).toMatchObject({ title: 'Not Yet Verified', verified: false, feePaid: false, identity: 'pending' });

    stripe.checkouts.set(checkoutRef, { ...stripe.checkouts.get(checkoutRef), status: 'complete', payment_status: 'paid' });
    stripe.identities.set(identityRef, { ...stripe.identities.get(identityRef), status: 'verified' });
    const after = await json(await s.request('/api/verification/check', { method: 'POST', cookie: user.cookie }));
    expect(after).toMatchObject({ title: 'Verified', verified: true, feePaid: true, identity: 'verified' });
  });

  it('a failing Stripe gives the spec’s messages and records nothing', async () => {
    const user = await signIn();
    stripe.state.failWith = 400;
    try {
      const id = await s.request('/api/verification/identity', { method: 'POST', cookie: user.cookie, json: { governmentId: newGovernmentId() } });
      expect([id.status, (await errorOf(id)).message]).toEqual([502, 'Verification Error: Failed to start verification session.']);
      const pay = await s.request('/api/verification/payment', { method: 'POST', cookie: user.cookie });
      expect(pay.status).toBe(502);
      expect((await errorOf(pay)).message).toMatch(/^Verification Error: /);
      const check = await s.request('/api/verification/check', { method: 'POST', cookie: user.cookie });
      expect(check.status).toBe(200); // nothing open to ask Stripe about
    } finally {
      stripe.state.failWith = null;
    }
    stripe.state.omitUrl = true;
    try {
      const id = await s.request('/api/verification/identity', { method: 'POST', cookie: user.cookie, json: { governmentId: newGovernmentId() } });
      expect([id.status, (await errorOf(id)).message.split(':')[0]]).toEqual([502, 'Session Error']);
    } finally {
      stripe.state.omitUrl = false;
    }
    expect(await database.db.$count(verificationSessions, eq(verificationSessions.userId, user.id))).toBe(0);
    expect(await database.db.$count(payments, eq(payments.userId, user.id))).toBe(0);

    // With an open session, a failing Stripe makes Check Status fail with the spec's title.
    await startPayment(user.cookie, s);
    stripe.state.failWith = 400;
    try {
      const check = await s.request('/api/verification/check', { method: 'POST', cookie: user.cookie });
      expect(check.status).toBe(502);
      expect((await errorOf(check)).message).toMatch(/^Status Check Failed: /);
    } finally {
      stripe.state.failWith = null;
    }
  });

  it('with Stripe configured the test provider does not exist', async () => {
    expect((await s.app.request('/test-provider/checkout/test_cs_AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});
