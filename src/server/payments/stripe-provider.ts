import Stripe from 'stripe';
import {
  type CheckoutRequest,
  type IdentityRequest,
  type PaymentProvider,
  type ProviderEvent,
  ProviderRequestError,
  ProviderResponseError,
  type StartedSession,
  WebhookSignatureError,
} from './payment-provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Tests stand in for Stripe's HTTP with `Stripe.createFetchHttpClient(fakeFetch)`. */
  httpClient?: Stripe.HttpClient;
}

/**
 * Stripe Checkout for payments and Stripe Identity for the identity check, confirmed by
 * signature-checked webhooks (and, on "Check Status", by reading the session from Stripe).
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
  });

  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new ProviderRequestError(error instanceof Error ? error.message : String(error));
    }
  };

  const started = (id: string | undefined, url: string | null | undefined): StartedSession => {
    if (!id || !url) throw new ProviderResponseError('Stripe answered without a session id or url');
    return { ref: id, url };
  };

  return {
    name: 'stripe',

    async createCheckout(request: CheckoutRequest) {
      const metadata: Record<string, string> = { userId: request.userId, purpose: request.purpose };
      if (request.premiumBadgeId) metadata.premiumBadgeId = request.premiumBadgeId;
      const session = await call(() =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: { currency: 'usd', unit_amount: request.amountCents, product_data: { name: request.description } },
            },
          ],
          client_reference_id: request.userId,
          metadata,
          payment_intent_data: { metadata },
          // Checkout in the payer's language: Latin American Spanish, as US Spanish speakers read it.
          locale: request.language === 'es' ? 'es-419' : 'en',
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        }),
      );
      return started(session.id, session.url);
    },

    async createIdentitySession(request: IdentityRequest) {
      const session = await call(() =>
        stripe.identity.verificationSessions.create({
          type: 'document',
          client_reference_id: request.userId,
          metadata: { userId: request.userId },
          return_url: request.returnUrl,
        }),
      );
      return started(session.id, session.url);
    },

    parseWebhook(rawBody: string, signatureHeader: string | undefined) {
      if (!signatureHeader) throw new WebhookSignatureError('No Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
      }
      return eventFromStripe(event);
    },

    async fetchCheckout(ref: string) {
      const session = await call(() => stripe.checkout.sessions.retrieve(ref));
      if (session.status === 'complete' && session.payment_status === 'paid') return paymentSucceeded(`retrieve:${ref}`, session);
      if (session.status === 'expired') return { kind: 'payment_failed', eventId: `retrieve:${ref}`, ref };
      return null;
    },

    async fetchIdentitySession(ref: string) {
      const session = await call(() => stripe.identity.verificationSessions.retrieve(ref));
      const userId = session.metadata?.userId ?? session.client_reference_id ?? null;
      if (session.status === 'verified') return { kind: 'identity_verified', eventId: `retrieve:${ref}`, ref, userId };
      // A new session also "requires input"; only one with an error (or canceled) has failed.
      if (session.status === 'canceled' || (session.status === 'requires_input' && session.last_error)) {
        return { kind: 'identity_failed', eventId: `retrieve:${ref}`, ref, userId };
      }
      return null;
    },
  };
}

function paymentSucceeded(eventId: string, session: Stripe.Checkout.Session): ProviderEvent {
  return {
    kind: 'payment_succeeded',
    eventId,
    ref: session.id,
    userId: session.metadata?.userId ?? session.client_reference_id ?? null,
    purpose: session.metadata?.purpose ?? null,
    premiumBadgeId: session.metadata?.premiumBadgeId ?? null,
    amountCents: session.amount_total,
    currency: session.currency,
  };
}

/** Stripe's event, in our words. Everything we do not act on is `ignored` (and answered 200). */
export function eventFromStripe(event: Stripe.Event): ProviderEvent {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // "completed" with payment_status "unpaid" is a delayed payment method: wait for async_payment_succeeded.
      if (session.payment_status !== 'paid') return { kind: 'ignored', eventId: event.id, type: `${event.type}:${session.payment_status}` };
      return paymentSucceeded(event.id, session);
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return { kind: 'payment_failed', eventId: event.id, ref: event.data.object.id };
    case 'identity.verification_session.verified': {
      const session = event.data.object;
      return { kind: 'identity_verified', eventId: event.id, ref: session.id, userId: session.metadata?.userId ?? session.client_reference_id ?? null };
    }
    case 'identity.verification_session.requires_input':
    case 'identity.verification_session.canceled': {
      const session = event.data.object;
      return { kind: 'identity_failed', eventId: event.id, ref: session.id, userId: session.metadata?.userId ?? session.client_reference_id ?? null };
    }
    default:
      return { kind: 'ignored', eventId: event.id, type: event.type };
  }
}
