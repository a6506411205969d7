import type { Language } from '../../domain/i18n/languages';
import { translateMessage } from '../../domain/i18n/translate-message';
import { languageOf } from '../http/request-language';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { formatDollars } from '../../domain/verification/verification-schemas';
import { allowStyles, cspHash } from '../http/security';
import {
  type CheckoutRequest,
  type IdentityRequest,
  type PaymentProvider,
  type ProviderEvent,
  type StartedSession,
  WebhookSignatureError,
} from './payment-provider';

/**
 * The local test-mode provider: used when no STRIPE_SECRET_KEY is set (never in production).
 * Its hosted pages live in this app under /test-provider/… and say plainly that nothing real
 * happens. Their buttons post back to the server, which records the outcome exactly as a
 * Stripe webhook would. The form carries a token signed by the server for that one session,
 * and the post must come from our own origin: a forged post, or a `?payment=success` in the
 * address bar, changes nothing.
 */

export type TestSessionKind = 'checkout' | 'identity';

const REF_PATTERN = { checkout: /^test_cs_[A-Za-z0-9_-]{24}$/, identity: /^test_vs_[A-Za-z0-9_-]{24}$/ } as const;
const newRef = (kind: TestSessionKind) => `test_${kind === 'checkout' ? 'cs' : 'vs'}_${randomBytes(18).toString('base64url')}`;

export function createTestProvider(options: { baseUrl: string }): PaymentProvider {
  const page = (kind: TestSessionKind, ref: string): StartedSession => ({ ref, url: `${options.baseUrl}/test-provider/${kind}/${ref}` });
  return {
    name: 'test',
    createCheckout: async (_request: CheckoutRequest) => page('checkout', newRef('checkout')),
    createIdentitySession: async (_request: IdentityRequest) => page('identity', newRef('identity')),
    parseWebhook: () => {
      throw new WebhookSignatureError('The test-mode provider sends no webhooks');
    },
    // The outcome is recorded by the test provider's own pages: there is never anything new to read.
    fetchCheckout: async () => null,
    fetchIdentitySession: async () => null,
  };
}

/** The token embedded in a test provider page: an HMAC of the session, keyed with the app's secret. */
export function testProviderToken(secret: string, kind: TestSessionKind, ref: string, userId: string): string {
  return createHmac('sha256', secret).update(`test-provider\0${kind}\0${ref}\0${userId}`).digest('base64url');
}

function sameToken(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A session the test provider may show: only open (pending) ones. */
export interface OpenTestSession {
  userId: string;
  purpose?: string;
  amountCents?: number;
  /** What is paid for, as the page names it (default: the verification fee). */
  description?: string;
  /** The app's page the provider sends the browser back to (default: /verification). */
  returnPath?: string;
}

export interface TestProviderRoutesDeps {
  secret: string;
  baseUrl: string;
  trustedOrigins: readonly string[];
  findOpenSession: (kind: TestSessionKind, ref: string) => Promise<OpenTestSession | null>;
  /** Records the outcome through the same path as a provider webhook. */
  record: (event: ProviderEvent) => Promise<void>;
}

/** The pages of the test-mode provider, mounted at /test-provider (outside /api). */
export function testProviderRoutes(deps: TestProviderRoutesDeps) {
  const app = new Hono();
  const origins = new Set(deps.trustedOrigins);

  const refOf = (c: Context, kind: TestSessionKind): string | null => {
    const ref = c.req.param('ref') ?? '';
    return REF_PATTERN[kind].test(ref) ? ref : null;
  };

  const closed = (c: Context, kind: TestSessionKind) => {
    const w = PAGE_WORDS[languageOf(c)];
    return html(
      c,
      404,
      w.title[kind],
      `<h1>${w.notOpen[kind]}</h1>
       <p>${w.notOpenWhy}</p>
       <p><a href="${escapeHtml(deps.baseUrl)}/verification">${w.back}</a></p>`,
    );
  };

  for (const kind of ['checkout', 'identity'] as const) {
    app.get(`/${kind}/:ref`, async (c) => {
      const ref = refOf(c, kind);
      const session = ref ? await deps.findOpenSession(kind, ref) : null;
      if (!ref || !session) return closed(c, kind);
      const token = testProviderToken(deps.secret, kind, ref, session.userId);
      const language = languageOf(c);
      return html(c, 200, PAGE_WORDS[language].title[kind], kind === 'checkout' ? checkoutBody(ref, token, session, language) : identityBody(ref, token, language));
    });

    app.post(`/${kind}/:ref`, async (c) => {
      const origin = c.req.header('origin');
      if (!origin || !origins.has(origin)) {
        const w = PAGE_WORDS[languageOf(c)];
        return html(c, 403, w.refused, `<h1>${w.refused}</h1><p>${w.notFromPage}</p>`);
      }
      const ref = refOf(c, kind);
      const session = ref ? await deps.findOpenSession(kind, ref) : null;
      if (!ref || !session) return closed(c, kind);
      const form = await c.req.parseBody();
      if (!sameToken(testProviderToken(deps.secret, kind, ref, session.userId), form.token)) {
        const w = PAGE_WORDS[languageOf(c)];
        return html(c, 403, w.refused, `<h1>${w.refused}</h1><p>${w.notSigned}</p>`);
      }
      const action = form.action;
      const eventId = `test:${ref}:${String(action)}`;
      const back = (query: string) => c.redirect(`${deps.baseUrl}${session.returnPath ?? '/verification'}?${query}`, 303);
      if (kind === 'checkout' && action === 'pay') {
        await deps.record({
          kind: 'payment_succeeded',
          eventId,
          ref,
          userId: session.userId,
          purpose: session.purpose ?? null,
          amountCents: session.amountCents ?? null,
          currency: 'usd',
        });
        return back('payment=success');
      }
      if (kind === 'checkout' && action === 'cancel') {
        await deps.record({ kind: 'payment_failed', eventId, ref });
        return back('payment=cancelled');
      }
      if (kind === 'identity' && action === 'approve') {
        await deps.record({ kind: 'identity_verified', eventId, ref, userId: session.userId });
        return back('identity=submitted');
      }
      if (kind === 'identity' && action === 'reject') {
        await deps.record({ kind: 'identity_failed', eventId, ref, userId: session.userId });
        return back('identity=failed');
      }
      const w = PAGE_WORDS[languageOf(c)];
      return html(c, 400, w.badRequest, `<h1>${w.unknownAction}</h1>`);
    });
  }
  return app;
}

/** The stand-in pages' words, in the visitor's language (issue 15), as a real provider's would be. */
const PAGE_WORDS = {
  en: {
    title: { checkout: 'Test checkout', identity: 'Test identity check' },
    notOpen: { checkout: 'This checkout is not open', identity: 'This identity check is not open' },
    notOpenWhy: 'It was completed, cancelled, or never existed.',
    back: 'Back to verification',
    refused: 'Refused',
    notFromPage: 'This request did not come from the test provider page.',
    notSigned: 'This request was not signed by the test provider page.',
    badRequest: 'Bad request',
    unknownAction: 'Unknown action',
    testMode: 'test mode',
    appName: 'Graduated Unanimous Caucus',
    payBanner:
      '<strong>Test mode — no real payment.</strong> This page stands in for the payment provider because this server has no Stripe keys. No card is asked for and no money moves.',
    pay: (amount: string) => `Pay ${amount}`,
    cancel: 'Cancel',
    defaultDescription: 'Graduated Unanimous Caucus — identity verification fee',
    identityBanner:
      '<strong>Test mode — no real identity check and no real payment.</strong> This page stands in for the identity provider because this server has no Stripe keys. A real provider would ask for a photo of your ID document; here you choose the outcome.',
    identityTitle: 'Identity check',
    identityHelp: 'Approve to record a passed identity check, or Reject to record a failed one.',
    approve: 'Approve',
    reject: 'Reject',
  },
  es: {
    title: { checkout: 'Pago de prueba', identity: 'Verificación de identidad de prueba' },
    notOpen: { checkout: 'Este pago no está abierto', identity: 'Esta verificación de identidad no está abierta' },
    notOpenWhy: 'Ya se completó, se canceló o nunca existió.',
    back: 'Volver a la verificación',
    refused: 'Rechazado',
    notFromPage: 'Esta solicitud no vino de la página del proveedor de prueba.',
    notSigned: 'Esta solicitud no está firmada por la página del proveedor de prueba.',
    badRequest: 'Solicitud no válida',
    unknownAction: 'Acción desconocida',
    testMode: 'modo de prueba',
    appName: 'Asamblea Unánime Escalonada',
    payBanner:
      '<strong>Modo de prueba: no hay pago real.</strong> Esta página reemplaza al proveedor de pagos porque este servidor no tiene claves de Stripe. No se pide ninguna tarjeta y no se mueve dinero.',
    pay: (amount: string) => `Pagar ${amount}`,
    cancel: 'Cancelar',
    defaultDescription: 'Asamblea Unánime Escalonada: cuota de verificación de identidad',
    identityBanner:
      '<strong>Modo de prueba: no hay verificación de identidad real ni pago real.</strong> Esta página reemplaza al proveedor de identidad porque este servidor no tiene claves de Stripe. Un proveedor real te pediría una foto de tu documento de identidad; aquí eliges el resultado.',
    identityTitle: 'Verificación de identidad',
    identityHelp: 'Aprueba para registrar una verificación de identidad superada, o rechaza para registrar una fallida.',
    approve: 'Aprobar',
    reject: 'Rechazar',
  },
} as const;

function checkoutBody(ref: string, token: string, session: OpenTestSession, language: Language): string {
  const w = PAGE_WORDS[language];
  const amount = formatDollars(session.amountCents ?? 0);
  const description = session.description ? translateMessage(language, session.description) : w.defaultDescription;
  return `
    <p class="banner" role="note">${w.payBanner}</p>
    <h1>${w.pay(amount)}</h1>
    <p>${escapeHtml(description)}</p>
    <form method="post" action="/test-provider/checkout/${escapeHtml(ref)}">
      <input type="hidden" name="token" value="${escapeHtml(token)}">
      <div class="actions">
        <button type="submit" name="action" value="pay">${w.pay(amount)}</button>
        <button type="submit" name="action" value="cancel" class="secondary">${w.cancel}</button>
      </div>
    </form>`;
}

function identityBody(ref: string, token: string, language: Language): string {
  const w = PAGE_WORDS[language];
  return `
    <p class="banner" role="note">${w.identityBanner}</p>
    <h1>${w.identityTitle}</h1>
    <p>${w.identityHelp}</p>
    <form method="post" action="/test-provider/identity/${escapeHtml(ref)}">
      <input type="hidden" name="token" value="${escapeHtml(token)}">
      <div class="actions">
        <button type="submit" name="action" value="approve">${w.approve}</button>
        <button type="submit" name="action" value="reject" class="secondary">${w.reject}</button>
      </div>
    </form>`;
}

const STYLE = `
  body { margin: 0; font-family: system-ui, sans-serif; background: #f1f5f9; color: #0f172a; }
  main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 1rem; border: 1px solid #e2e8f0; }
  .banner { background: #fff7ed; border: 2px solid #ea580c; color: #7c2d12; padding: .75rem 1rem; border-radius: .75rem; font-size: .95rem; }
  h1 { color: #1e3a8a; font-size: 1.5rem; }
  .actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.5rem; }
  button { font: inherit; font-weight: 600; padding: .7rem 1.25rem; border-radius: .5rem; border: 0; background: #1e3a8a; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1e293b; border: 1px solid #cbd5e1; }
  button:focus-visible, a:focus-visible { outline: 3px solid #f97316; outline-offset: 2px; }
  a { color: #1e3a8a; }
  @media (max-width: 480px) { main { margin: 0; border-radius: 0; min-height: 100vh; } }
`;
/** The CSP allows this one `<style>` by its hash: no 'unsafe-inline' (decision 016). */
const STYLE_SOURCE = cspHash(STYLE);

function html(c: Context, status: 200 | 400 | 403 | 404, title: string, body: string) {
  const language = languageOf(c);
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  allowStyles(c, { elements: [STYLE_SOURCE] });
  return c.html(
    `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} (${PAGE_WORDS[language].testMode}) — ${PAGE_WORDS[language].appName}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`,
    status,
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}
