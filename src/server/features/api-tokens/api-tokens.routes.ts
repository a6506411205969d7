import { Hono } from 'hono';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/api/api-error';
import { apiTokenSchema, createdTokenSchema, createTokenSchema, TOKEN_MESSAGES } from '../../../domain/api/api-tokens';
import { documented } from '../../http/api-docs';
import { type AppEnv, requireUser, signedIn } from '../../http/session';
import { validate } from '../../http/validate';
import { requireRecentProof } from '../../http/recent-proof';
import * as tokens from './api-tokens.service';

const TAGS = ['API tokens'];
const idParam = z.object({ id: z.uuid({ error: TOKEN_MESSAGES.notFound }) });

/** /api/me/tokens: a person's own read-only API tokens (issue 17). Never reachable with a token. */
export function apiTokenRoutes(deps: tokens.ApiTokenDeps & { recentProofMinutes: number }) {
  const app = new Hono<AppEnv>();

  app.get('/me/tokens', documented({ summary: 'List your API tokens (never the tokens themselves)', tags: TAGS, responses: { 200: z.array(apiTokenSchema) } }), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await tokens.listTokens(deps, requireUser(c).id));
  });

  app.post(
    '/me/tokens',
    documented({
      summary: 'Create a read-only API token; the answer is the only time it is shown',
      tags: TAGS,
      responses: { 201: createdTokenSchema, 409: apiErrorSchema },
    }),
    validate('json', createTokenSchema),
    // Creating a token asks again (issue 32): a proof of who you are from the last few minutes.
    signedIn,
    requireRecentProof(deps.recentProofMinutes),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await tokens.createToken(deps, requireUser(c).id, c.req.valid('json')), 201);
    },
  );

  app.delete(
    '/me/tokens/:id',
    documented({ summary: 'Revoke one of your API tokens', tags: TAGS, responses: { 200: z.object({ revoked: z.literal(true) }) } }),
    validate('param', idParam),
    async (c) => {
      await tokens.revokeToken(deps, requireUser(c).id, c.req.valid('param').id);
      return c.json({ revoked: true as const });
    },
  );

  return app;
}
