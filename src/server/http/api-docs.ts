import type { Hono } from 'hono';
import type { AppEnv } from './session';
import { describeRoute, generateSpecs, resolver } from 'hono-openapi';
import { z } from 'zod';
import { apiErrorSchema } from '../../domain/api/api-error';
import { TOKEN_ROUTES } from '../../domain/api/api-tokens';

/**
 * The API's description (issue 17, decision 031): each route says what it answers with the
 * zod schemas of src/domain, and hono-openapi assembles /api/openapi.json from them and from
 * the schemas the route validates its input with.
 */

/** What a response carries: a zod schema (JSON), or another media type with its description. */
export type DocumentedResponse =
  | z.ZodType
  | { description: string; schema?: z.ZodType; mediaType?: string | string[]; binary?: boolean };

/**
 * Who may call a route (decision 039), as its operation's `security` says:
 * - 'public': anyone, and the answer is the same for everyone (`security: []`);
 * - 'optional': anyone, but a signed-in caller is answered as themselves (`[{}, { session: [] }]`);
 * - 'session': a signed-in caller only; a visitor gets 401 (`[{ session: [] }]`). Every write
 *   under /api is one (writesNeedSession), and so is a read that does not say otherwise.
 * A personal API token's routes (TOKEN_ROUTES) add `{ token: [] }`.
 */
export type RouteAccess = 'public' | 'optional' | 'session';

export interface RouteDescription {
  summary: string;
  /** Who may call it; 'session' when not given. */
  access?: RouteAccess;
  /** The feature it belongs to (the reference page groups by it). */
  tags: string[];
  description?: string;
  /** Every answer the route itself gives, by status; the common refusals are added to all routes. */
  responses: Record<number, DocumentedResponse>;
  /** A request body the route reads itself (uploads); JSON bodies come from `validate('json', …)`. */
  requestBody?: { mediaType: string; schema: z.ZodType; description?: string };
}

const STATUS_WORDS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  302: 'Redirect',
  303: 'See other',
  400: 'The input is not valid; the message says why',
  401: 'Not signed in',
  402: 'Payment required',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict with the current state',
  410: 'Gone',
  413: 'The body is too large',
  415: 'Unsupported media type',
  422: 'Refused',
  429: 'Too many requests; Retry-After says when to try again',
  500: 'Unexpected error',
  503: 'Unavailable for now; Retry-After says when to try again',
};

/** A refusal: the Error component by reference (hono-openapi copies defaults without resolving zod in them). */
const refusal = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

function responseOf(status: number, documented: DocumentedResponse) {
  if (documented instanceof z.ZodType) {
    if (status >= 400 && documented === apiErrorSchema) return refusal(STATUS_WORDS[status] ?? 'Refused');
    return { description: STATUS_WORDS[status] ?? String(status), content: { 'application/json': { schema: resolver(documented) } } };
  }
  if (!documented.mediaType && !documented.schema) return { description: documented.description };
  const mediaTypes = [documented.mediaType ?? 'application/json'].flat();
  const schema = documented.schema ? resolver(documented.schema) : documented.binary ? { type: 'string' as const, format: 'binary' } : { type: 'string' as const };
  return { description: documented.description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])) };
}

const SECURITY: Record<RouteAccess, Array<Record<string, string[]>>> = {
  public: [],
  optional: [{}, { session: [] }],
  session: [{ session: [] }],
};

/** The route's entry in /api/openapi.json (put it first among the route's handlers). */
export function documented(route: RouteDescription) {
  const responses = Object.fromEntries(Object.entries(route.responses).map(([status, body]) => [status, responseOf(Number(status), body)]));
  return describeRoute({
    summary: route.summary,
    security: SECURITY[route.access ?? 'session'],
    tags: route.tags,
    ...(route.description ? { description: route.description } : {}),
    ...(route.requestBody
      ? { requestBody: { required: true, description: route.requestBody.description, content: { [route.requestBody.mediaType]: { schema: resolver(route.requestBody.schema) } } } }
      : {}),
    responses,
  });
}

/** Leaves a route out of the document (an alias in UNDOCUMENTED_ALIASES; put it first among the route's handlers). */
export const undocumented = () => describeRoute({ hide: true });

/**
 * Refusals any route may give, from the middleware in front of every route (docs/security.md).
 */
const COMMON_REFUSALS: Record<string, ReturnType<typeof refusal>> = {
  400: refusal(STATUS_WORDS[400]!),
  401: refusal('Not signed in (an operation whose security needs a session), or an API token that is not valid'),
  403: refusal(
    'Not allowed: a write from another site (CSRF), a suspended account, an API token on an operation whose security does not list `token` (tokens only read, only their scopes), or a rule of the app',
  ),
  404: refusal(STATUS_WORDS[404]!),
  413: refusal(STATUS_WORDS[413]!),
  429: refusal(STATUS_WORDS[429]!),
  500: refusal(STATUS_WORDS[500]!),
  503: refusal('The database is unreachable for a moment (a failover, a restart): Retry-After says when to try again; a write met by it happened whole or not at all'),
};

/** The Error component itself, for the plain references above. */
function errorComponent(): Record<string, unknown> {
  const { $schema: _schema, id: _id, ...schema } = z.toJSONSchema(apiErrorSchema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>;
  return schema;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const API_DESCRIPTION = `The caucus app's JSON API. Every refusal has the shape \`{ "error": { "code", "message" } }\` with the message in the caller's language.

Two ways to call it:
- **The session cookie** of the web app (a write also needs the app's own Origin header: CSRF protection).
- **A personal API token** (Profile → API tokens): \`Authorization: Bearer <token>\`. Tokens only read, only the routes of their scopes (see \`x-token-scope\` on each operation), and have their own rate limit.`;

/**
 * Routes the app serves but the document leaves out: an older address of a documented route,
 * kept for links and scripts that use it (decision 039). "METHOD /path/{param}".
 */
export const UNDOCUMENTED_ALIASES: readonly string[] = ['GET /api/caucuses/by-code/{code}'];

/**
 * zod writes `z.number().int()` as an integer between ±(2^53 − 1): JavaScript's safe range, not
 * a rule of the app. Those two bounds are dropped; bounds a schema states itself stay.
 */
function withoutInternalBounds(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) withoutInternalBounds(item);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const node = value as Record<string, unknown>;
  if (node.minimum === Number.MIN_SAFE_INTEGER) delete node.minimum;
  if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
  for (const child of Object.values(node)) withoutInternalBounds(child);
}

/** better-auth's session cookie: `__Secure-` in front of its name when the app is served over https. */
export function sessionCookieName(baseUrl: string): string {
  return `${new URL(baseUrl).protocol === 'https:' ? '__Secure-' : ''}better-auth.session_token`;
}

/**
 * The app's licence as package.json states it: a private package with no `license` field is
 * npm's "UNLICENSED" (no licence is granted to anyone), and the repository has no LICENSE file.
 */
export const API_LICENSE = {
  name: 'UNLICENSED: no licence is granted; all rights reserved',
  // What npm means by it (there is no licence text of the app's own to point to).
  url: 'https://docs.npmjs.com/cli/v10/configuring-npm/package-json#license',
};

/**
 * The OpenAPI 3.1 document of the app's routes, as /api/openapi.json serves it. Its one server
 * is `/`, the origin the document itself was read from, so a tool that loads it from any of the
 * app's addresses calls that same address (decision 039).
 */
export async function apiDocument(app: Hono<AppEnv>, baseUrl: string) {
  const document = await generateSpecs(app, {
    documentation: {
      openapi: '3.1.0',
      info: { title: 'Caucus API', version: '1', description: API_DESCRIPTION, license: API_LICENSE },
      servers: [{ url: '/', description: 'The address this document was read from' }],
      components: {
        schemas: { Error: errorComponent() as never },
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(baseUrl), description: "The web app's session cookie (sign in with POST /api/auth/sign-in/email)." },
          token: { type: 'http', scheme: 'bearer', description: 'A personal read-only API token (Profile → API tokens); only the operations that list it accept it.' },
        },
      },
    },
    defaultOptions: Object.fromEntries(METHODS.map((method) => [method, { responses: COMMON_REFUSALS }])),
    defaultValidationErrorResponse: refusal(STATUS_WORDS[400]!),
    excludeStaticFile: false,
  });
  withoutInternalBounds(document);
  // The routes a personal token reads (TOKEN_ROUTES) say so, with the scope they need.
  const paths = document.paths as Record<string, Record<string, Record<string, unknown>> | undefined>;
  for (const route of TOKEN_ROUTES) {
    const operation = paths[route.path]?.get;
    if (!operation) continue;
    operation['x-token-scope'] = route.scope;
    const security = (operation.security as Array<Record<string, string[]>> | undefined) ?? [];
    // A public read stays public: `{}` (no credentials) first, then the token beside it.
    operation.security = [...(security.length === 0 ? [{}] : security), { token: [] }];
  }
  return document;
}
