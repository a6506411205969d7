import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { MODERATION_MESSAGES } from '../../../domain/moderation/moderation-rules';
import { blockedPersonSchema, blockResultSchema, unblockResultSchema } from '../../../domain/moderation/moderation-types';
import { documented } from '../../http/api-docs';
import { notFound } from '../../http/app-error';
import { type AppEnv, requireUser } from '../../http/session';
import { validate } from '../../http/validate';
import * as blocks from './blocks.service';

export const blockBody = z.object({ userId: z.uuid({ error: MODERATION_MESSAGES.userNotFound }) });
const userParam = zValidator('param', z.object({ userId: z.uuid() }), (result) => {
  if (!result.success) throw notFound(MODERATION_MESSAGES.notBlocked);
});

/** /api/blocks: the people the user blocked (Settings), block and unblock (issue 14). */
export function blockRoutes(deps: blocks.BlockDeps) {
  const app = new Hono<AppEnv>();

  app.get(
    '/blocks',
    documented({ summary: 'The people the user blocked', tags: ['Blocks'], responses: { 200: z.array(blockedPersonSchema) } }),
    async (c) => c.json(await blocks.listBlocked(deps, requireUser(c).id)),
  );

  app.post('/blocks', documented({ summary: 'Blocks a person', tags: ['Blocks'], responses: { 201: blockResultSchema } }), validate('json', blockBody), async (c) => {
    const user = requireUser(c);
    return c.json(await blocks.blockUser(deps, user.id, c.req.valid('json').userId), 201);
  });

  app.delete('/blocks/:userId', documented({ summary: 'Unblocks a person', tags: ['Blocks'], responses: { 200: unblockResultSchema } }), userParam, async (c) => {
    const user = requireUser(c);
    return c.json(await blocks.unblockUser(deps, user.id, c.req.valid('param').userId));
  });

  return app;
}
