import { spoken } from '../../http/translated-errors';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { apiErrorSchema } from '../../../domain/api/api-error';
import {
  checkoutRedirectSchema,
  startIdentitySchema,
  verificationCheckResultSchema,
  verificationStatusSchema,
  webhookReceivedSchema,
} from '../../../domain/verification/verification-schemas';
import { documented } from '../../http/api-docs';
import { rateLimit } from '../../http/rate-limit';
import type { AppEnv } from '../../http/session';
import { validate } from '../../http/validate';
import { WebhookSignatureError } from '../../payments/payment-provider';
import * as verification from './verification.service';

/** Identity checks a user may start per hour (each one costs a provider session). */
const IDENTITY_STARTS_PER_HOUR = 10;

/** Every verification route answers a visitor with the spec's 'Authentication Error: No user logged in.' */
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw verification.notLoggedIn();
  await next();
};

const TAGS = ['Verification'];
const providerFailed = { description: 'The payment or identity provider failed; the message says what to do', schema: apiErrorSchema };

const userIdOf = (c: { var: AppEnv['Variables'] }) => c.var.user!.id;

/** /api/verification…: mounted under /api (session loaded, CSRF checked). */
export function verificationRoutes(deps: verification.VerificationDeps) {
  const app = new Hono<AppEnv>();

  app.get(
    '/verification',
    documented({ summary: "The signed-in user's verification, as the server has recorded it", tags: TAGS, responses: { 200: verificationStatusSchema } }),
    signedIn,
    async (c) => c.json(spoken(c, await verification.getVerificationStatus(deps, userIdOf(c)))),
  );

  app.post(
    '/verification/payment',
    documented({
      summary: "Opens the payment provider's checkout for the verification fee",
      tags: TAGS,
      responses: { 200: checkoutRedirectSchema, 409: apiErrorSchema, 502: providerFailed, 503: apiErrorSchema },
    }),
    signedIn,
    async (c) => c.json(await verification.startFeePayment(deps, userIdOf(c))),
  );

  app.post(
    '/verification/identity',
    documented({
      summary: "Opens the identity provider's check with the user's U.S. Government ID#",
      tags: TAGS,
      responses: { 200: checkoutRedirectSchema, 409: apiErrorSchema, 502: providerFailed, 503: apiErrorSchema },
    }),
    signedIn,
    rateLimit({ db: deps.db, clock: deps.clock, name: 'verification:identity', max: IDENTITY_STARTS_PER_HOUR, windowSeconds: 3600, key: (c) => (c.var as AppEnv['Variables']).user?.id ?? 'anonymous' }),
    validate('json', startIdentitySchema),
    async (c) => c.json(await verification.startIdentityCheck(deps, userIdOf(c), c.req.valid('json').governmentId)),
  );

  app.post(
    '/verification/check',
    documented({
      summary: "Asks the providers about the user's open payment and identity check, then answers the verification",
      tags: TAGS,
      responses: { 200: verificationCheckResultSchema, 502: providerFailed },
    }),
    signedIn,
    async (c) => c.json(spoken(c, await verification.checkVerification(deps, userIdOf(c)))),
  );

  return app;
}

/**
 * POST /webhooks/stripe: outside /api, so outside the Origin check; it is authenticated by
 * Stripe's signature over the raw body instead. A bad or missing signature is a 400 and
 * changes nothing; an event we do not act on is a 200 (Stripe stops retrying).
 */
export function paymentWebhookRoutes(deps: verification.VerificationDeps) {
  const app = new Hono();
  app.post(
    '/stripe',
    documented({
      summary: "Records an event of Stripe's (a payment or an identity check)",
      description:
        "Stripe's webhook, outside /api and mounted only with Stripe keys: authenticated by the Stripe-Signature header over the raw body. A bad or missing signature is a 400 and changes nothing; an event the app does not act on is a 200.",
      tags: TAGS,
      responses: { 200: webhookReceivedSchema },
    }),
    bodyLimit({ maxSize: 512 * 1024 }),
    async (c) => {
      const provider = deps.payments;
      if (provider?.name !== 'stripe') return c.json({ error: { code: 'not_found', message: 'Not found' } }, 404);
      const rawBody = await c.req.text();
      let event;
      try {
        event = provider.parseWebhook(rawBody, c.req.header('stripe-signature'));
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          deps.logger.warn({ reason: error.message }, 'stripe webhook refused: bad signature');
          return c.json({ error: { code: 'invalid_signature', message: 'Invalid webhook signature' } }, 400);
        }
        throw error;
      }
      await verification.recordProviderEvent(deps, event);
      deps.logger.info({ eventId: event.eventId, kind: event.kind }, 'stripe webhook recorded');
      return c.json({ received: true });
    },
  );
  return app;
}
