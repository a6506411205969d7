import type { Language } from '../../domain/i18n/languages';
/**
 * The payment and identity provider, seen from our side: one interface, two implementations.
 * Stripe (`stripe-provider.ts`) when STRIPE_SECRET_KEY is set; otherwise the local test-mode
 * provider (`test-provider.ts`), whose pages play Stripe's part. Either way the browser is only
 * sent to the provider's page: what counts is what the provider tells the server (a signed
 * webhook, a server-to-server read, or the test provider's own signed form).
 */

export type ProviderName = 'stripe' | 'test';

/** A hosted page the user is sent to, and the provider's reference for it. */
export interface StartedSession {
  ref: string;
  url: string;
}

export type CheckoutPurpose = 'verification_fee' | 'premium_badge';

export interface CheckoutRequest {
  userId: string;
  purpose: CheckoutPurpose;
  /** The premium badge bought (purpose 'premium_badge' only). */
  premiumBadgeId?: string;
  amountCents: number;
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** The payer's language (issue 15): the provider's page speaks it, and `description` is in it. */
  language?: Language;
}

export interface IdentityRequest {
  userId: string;
  returnUrl: string;
}

/** What a provider said happened, in our words. `userId`/`purpose` come from the session's metadata. */
export type ProviderEvent =
  | {
      kind: 'payment_succeeded';
      eventId: string;
      ref: string;
      userId: string | null;
      purpose: string | null;
      /** The premium badge of a 'premium_badge' checkout, from the session's metadata. */
      premiumBadgeId?: string | null;
      amountCents: number | null;
      currency: string | null;
    }
  | { kind: 'payment_failed'; eventId: string; ref: string }
  | { kind: 'identity_verified'; eventId: string; ref: string; userId: string | null }
  | { kind: 'identity_failed'; eventId: string; ref: string; userId: string | null }
  | { kind: 'ignored'; eventId: string; type: string };

/** The provider could not be reached or refused the request. */
export class ProviderRequestError extends Error {}
/** The provider answered, but without what we need (a session id and a page address). */
export class ProviderResponseError extends Error {}
/** A webhook whose signature is missing or wrong: nothing in it may be believed. */
export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** A hosted checkout page for a payment. */
  createCheckout(request: CheckoutRequest): Promise<StartedSession>;
  /** A hosted identity check (document) page. */
  createIdentitySession(request: IdentityRequest): Promise<StartedSession>;
  /** Checks the signature of a webhook and reads it; throws WebhookSignatureError. */
  parseWebhook(rawBody: string, signatureHeader: string | undefined): ProviderEvent;
  /** Asks the provider, server to server, how a checkout stands; null when there is nothing new to record. */
  fetchCheckout(ref: string): Promise<ProviderEvent | null>;
  /** Asks the provider, server to server, how an identity check stands; null when there is nothing new to record. */
  fetchIdentitySession(ref: string): Promise<ProviderEvent | null>;
}
