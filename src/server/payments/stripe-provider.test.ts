import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ProviderRequestError, ProviderResponseError, WebhookSignatureError } from './payment-provider';
import { createStripeProvider } from './stripe-provider';

/**
 * Stripe's HTTP is stood in for at its boundary: the real `stripe` library builds and signs
 * the requests, a fake fetch answers them. Webhooks are signed with Stripe's own test helper.
 */
const WEBHOOK_SECRET = 'whsec_unit_test_secret';
const stripe = new Stripe('sk_test_unit');

interface Call {
  method: string;
  url: string;
  params: URLSearchParams;
  authorization: string | null;
}

function fakeStripe(answer: (call: Call) => { status?: number; body: unknown }) {
  const calls: Call[] = [];
  const fakeFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers as HeadersInit);
    const call = {
      method: init?.method ?? 'GET',
      url: String(input),
      params: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
      authorization: headers.get('authorization'),
    };
    calls.push(call);
    const { status = 200, body } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } });
  };
  const provider = createStripeProvider({
    secretKey: 'sk_test_unit',
    webhookSecret: WEBHOOK_SECRET,
    httpClient: Stripe.createFetchHttpClient(fakeFetch),
  });
  return { provider, calls };
}

const signed = (event: unknown, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  return { payload, header: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
};

const stripeEvent = (type: string, object: Record<string, unknown>) => ({
  id: `evt_${Math.random().toString(36).slice(2)}`,
  object: 'event',
  type,
  api_version: '2026-10-28',
  created: Math.floor(Date.now() / 1000),
  data: { object },
});

describe('Stripe provider: starting sessions', () => {
  it('opens a Checkout Session for the $3.00 fee with the user and purpose in its metadata', async () => {
    const { provider, calls } = fakeStripe(() => ({ body: { id: 'cs_test_123', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_123' } }));
    const started = await provider.createCheckout({
      userId: 'user-1',
      purpose: 'verification_fee',
      amountCents: 300,
      description: 'Verification fee',
      successUrl: 'http://localhost:3000/verification?payment=success',
      cancelUrl: 'http://localhost:3000/verification?payment=cancelled',
    });
    expect(started).toEqual({ ref: 'cs_test_123', url: 'https://checkout.stripe.com/c/pay/cs_test_123' });
    const [call] = calls;
    expect(call).toMatchObject({ method: 'POST', url: 'https://api.stripe.com/v1/checkout/sessions', authorization: 'Bearer sk_test_unit' });
    const p = call!.params;
    expect(p.get('mode')).toBe('payment');
    expect(p.get('line_items[0][price_data][unit_amount]')).toBe('300');
    expect(p.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(p.get('line_items[0][quantity]')).toBe('1');
    expect(p.get('metadata[userId]')).toBe('user-1');
    expect(p.get('metadata[purpose]')).toBe('verification_fee');
    expect(p.get('client_reference_id')).toBe('user-1');
    expect(p.get('success_url')).toBe('http://localhost:3000/verification?payment=success');
    expect(p.get('cancel_url')).toBe('http://localhost:3000/verification?payment=cancelled');
  });

  it('opens Checkout in Spanish for a payer who reads Spanish (issue 15)', async () => {
    const { provider, calls } = fakeStripe(() => ({ body: { id: 'cs_test_es', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_es' } }));
    await provider.createCheckout({
      userId: 'user-1',
      purpose: 'verification_fee',
      amountCents: 300,
      description: 'Asamblea Unánime Escalonada: cuota de verificación de identidad',
      successUrl: 'http://localhost:3000/verification?payment=success',
      cancelUrl: 'http://localhost:3000/verification?payment=cancelled',
      language: 'es',
    });
    const p = calls[0]!.params;
    expect(p.get('locale')).toBe('es-419');
    expect(p.get('line_items[0][price_data][product_data][name]')).toBe('Asamblea Unánime Escalonada: cuota de verificación de identidad');
  });

  it('opens a Checkout Session for a premium badge with the badge in its metadata, and reads it back from the webhook', async () => {
    const { provider, calls } = fakeStripe(() => ({ body: { id: 'cs_test_pb', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_pb' } }));
    await provider.createCheckout({
      userId: 'user-1',
      purpose: 'premium_badge',
      premiumBadgeId: 'badge-1',
      amountCents: 500,
      description: 'George Washington premium badge',
      successUrl: 'http://localhost:3000/premium-badge/badge-1?payment=success',
      cancelUrl: 'http://localhost:3000/premium-badge/badge-1?payment=cancelled',
    });
    const p = calls[0]!.params;
    expect(p.get('line_items[0][price_data][unit_amount]')).toBe('500');
    expect(p.get('metadata[purpose]')).toBe('premium_badge');
    expect(p.get('metadata[premiumBadgeId]')).toBe('badge-1');
    expect(p.get('payment_intent_data[metadata][premiumBadgeId]')).toBe('badge-1');
    expect(p.get('success_url')).toBe('http://localhost:3000/premium-badge/badge-1?payment=success');
    expect(p.get('locale'), 'Checkout in English unless the payer reads Spanish').toBe('en');

    const { payload, header } = signed(
      stripeEvent('checkout.session.completed', {
        id: 'cs_test_pb',
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: 500,
        currency: 'usd',
        metadata: { userId: 'user-1', purpose: 'premium_badge', premiumBadgeId: 'badge-1' },
      }),
    );
    expect(provider.parseWebhook(payload, header)).toMatchObject({ kind: 'payment_succeeded', purpose: 'premium_badge', premiumBadgeId: 'badge-1', amountCents: 500 });
  });

  it('a verification fee checkout carries no premium badge', async () => {
    const { provider, calls } = fakeStripe(() => ({ body: { id: 'cs_test_fee', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_fee' } }));
    await provider.createCheckout({ userId: 'u', purpose: 'verification_fee', amountCents: 300, description: 'fee', successUrl: 'http://x/verification', cancelUrl: 'http://x/verification' });
    expect(calls[0]!.params.has('metadata[premiumBadgeId]')).toBe(false);
  });

  it('opens a document Identity VerificationSession with the user in its metadata and returns its hosted url', async () => {
    const { provider, calls } = fakeStripe(() => ({
      body: { id: 'vs_test_123', object: 'identity.verification_session', status: 'requires_input', url: 'https://verify.stripe.com/start/abc' },
    }));
    const started = await provider.createIdentitySession({ userId: 'user-1', returnUrl: 'http://localhost:3000/verification?identity=submitted' });
    expect(started).toEqual({ ref: 'vs_test_123', url: 'https://verify.stripe.com/start/abc' });
    const p = calls[0]!.params;
    expect(calls[0]!.url).toBe('https://api.stripe.com/v1/identity/verification_sessions');
    expect(p.get('type')).toBe('document');
    expect(p.get('metadata[userId]')).toBe('user-1');
    expect(p.get('return_url')).toBe('http://localhost:3000/verification?identity=submitted');
  });

  it('turns a refusal by Stripe into ProviderRequestError and an answer without url into ProviderResponseError', async () => {
    const refusing = fakeStripe(() => ({ status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } }));
    await expect(refusing.provider.createIdentitySession({ userId: 'u', returnUrl: 'http://x/verification' })).rejects.toBeInstanceOf(ProviderRequestError);
    const empty = fakeStripe(() => ({ body: { id: 'vs_1', object: 'identity.verification_session', url: null } }));
    await expect(empty.provider.createIdentitySession({ userId: 'u', returnUrl: 'http://x/verification' })).rejects.toBeInstanceOf(ProviderResponseError);
  });
});

describe('Stripe provider: webhooks', () => {
  const { provider } = fakeStripe(() => ({ body: {} }));

  it('reads a signed checkout.session.completed as a succeeded payment', () => {
    const { payload, header } = signed(
      stripeEvent('checkout.session.completed', {
        id: 'cs_test_9',
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: 300,
        currency: 'usd',
        metadata: { userId: 'user-9', purpose: 'verification_fee' },
      }),
    );
    expect(provider.parseWebhook(payload, header)).toMatchObject({
      kind: 'payment_succeeded',
      ref: 'cs_test_9',
      userId: 'user-9',
      purpose: 'verification_fee',
      amountCents: 300,
      currency: 'usd',
    });
  });

  it('waits for a delayed payment method: completed but unpaid is not a payment', () => {
    const { payload, header } = signed(stripeEvent('checkout.session.completed', { id: 'cs_x', object: 'checkout.session', payment_status: 'unpaid', metadata: {} }));
    expect(provider.parseWebhook(payload, header).kind).toBe('ignored');
  });

  it.each([
    ['identity.verification_session.verified', 'identity_verified'],
    ['identity.verification_session.requires_input', 'identity_failed'],
    ['identity.verification_session.canceled', 'identity_failed'],
    ['checkout.session.expired', 'payment_failed'],
    ['checkout.session.async_payment_failed', 'payment_failed'],
    ['customer.created', 'ignored'],
  ])('reads %s as %s', (type, kind) => {
    const { payload, header } = signed(stripeEvent(type, { id: 'vs_or_cs_1', object: 'x', metadata: { userId: 'user-1' } }));
    expect(provider.parseWebhook(payload, header).kind).toBe(kind);
  });

  it('refuses a missing signature, a wrong secret and a changed body', () => {
    const { payload, header } = signed(stripeEvent('checkout.session.completed', { id: 'cs_1', object: 'checkout.session', payment_status: 'paid' }));
    expect(() => provider.parseWebhook(payload, undefined)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(payload, signed(JSON.parse(payload), 'whsec_someone_else').header)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(payload.replace('cs_1', 'cs_2'), header)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(payload, 't=1,v1=deadbeef')).toThrow(WebhookSignatureError);
  });
});

describe('Stripe provider: reading a session back (Check Status)', () => {
  it('maps a paid, complete Checkout Session to a succeeded payment and an expired one to a failure', async () => {
    const paid = fakeStripe(() => ({
      body: { id: 'cs_1', object: 'checkout.session', status: 'complete', payment_status: 'paid', amount_total: 300, currency: 'usd', metadata: { userId: 'u1', purpose: 'verification_fee' } },
    }));
    expect(await paid.provider.fetchCheckout('cs_1')).toMatchObject({ kind: 'payment_succeeded', ref: 'cs_1', userId: 'u1', amountCents: 300 });
    expect(paid.calls[0]).toMatchObject({ method: 'GET', url: 'https://api.stripe.com/v1/checkout/sessions/cs_1' });
    const open = fakeStripe(() => ({ body: { id: 'cs_2', object: 'checkout.session', status: 'open', payment_status: 'unpaid' } }));
    expect(await open.provider.fetchCheckout('cs_2')).toBeNull();
    const expired = fakeStripe(() => ({ body: { id: 'cs_3', object: 'checkout.session', status: 'expired', payment_status: 'unpaid' } }));
    expect(await expired.provider.fetchCheckout('cs_3')).toMatchObject({ kind: 'payment_failed', ref: 'cs_3' });
  });

  it('maps identity statuses: verified, new (nothing yet), and requires_input with an error (failed)', async () => {
    const read = (body: Record<string, unknown>) => fakeStripe(() => ({ body: { id: 'vs_1', object: 'identity.verification_session', metadata: { userId: 'u1' }, last_error: null, ...body } })).provider.fetchIdentitySession('vs_1');
    expect(await read({ status: 'verified' })).toMatchObject({ kind: 'identity_verified', ref: 'vs_1', userId: 'u1' });
    expect(await read({ status: 'requires_input' })).toBeNull();
    expect(await read({ status: 'processing' })).toBeNull();
    expect(await read({ status: 'requires_input', last_error: { code: 'document_expired', reason: 'expired' } })).toMatchObject({ kind: 'identity_failed' });
  });
});
