import type { Settings } from '../settings';
import type { PaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';
import { createTestProvider } from './test-provider';

export type PaymentSettings = Pick<Settings, 'BASE_URL' | 'isProduction' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>;

/**
 * Stripe when STRIPE_SECRET_KEY is set (settings insist on STRIPE_WEBHOOK_SECRET with it);
 * otherwise the local test-mode provider, except in production, where verification is then
 * unavailable (null) rather than free.
 */
export function createPaymentProvider(settings: PaymentSettings): PaymentProvider | null {
  if (settings.STRIPE_SECRET_KEY && settings.STRIPE_WEBHOOK_SECRET) {
    return createStripeProvider({ secretKey: settings.STRIPE_SECRET_KEY, webhookSecret: settings.STRIPE_WEBHOOK_SECRET });
  }
  if (settings.isProduction) return null;
  return createTestProvider({ baseUrl: settings.BASE_URL });
}
