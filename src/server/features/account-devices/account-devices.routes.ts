import { Hono } from 'hono';
import { z } from 'zod';
import { apiErrorSchema } from '../../../domain/api/api-error';
import { deviceSessionSchema, signedOutSchema } from '../../../domain/accounts/devices';
import { documented } from '../../http/api-docs';
import { type AppEnv, requireUser } from '../../http/session';
import { unauthorized } from '../../http/app-error';
import { endOtherSessions, endSession, listSessions, type SessionsDeps } from './account-devices.service';

const TAGS = ['Devices'];

/** /api/me/sessions: where the person is signed in, and signing those out (issue 32). */
export function sessionRoutes(deps: SessionsDeps) {
  const app = new Hono<AppEnv>();

  app.get(
    '/me/sessions',
    documented({ summary: 'Your devices: the sessions you are signed in with, this one marked', tags: TAGS, responses: { 200: z.array(deviceSessionSchema) } }),
    async (c) => {
      const user = requireUser(c);
      c.header('Cache-Control', 'private, no-store');
      return c.json(await listSessions(deps, user.id, user.sessionId));
    },
  );

  app.post(
    '/me/sessions/sign-out-others',
    documented({ summary: 'Sign out every other device (this one stays signed in)', tags: TAGS, responses: { 200: signedOutSchema } }),
    async (c) => {
      const user = requireUser(c);
      if (!user.sessionId) throw unauthorized();
      return c.json({ signedOut: await endOtherSessions(deps, user.id, user.sessionId) });
    },
  );

  app.delete(
    '/me/sessions/:id',
    documented({
      summary: 'Sign out one of your devices (this one: you are signed out); another person’s session is not found',
      tags: TAGS,
      responses: { 200: signedOutSchema, 404: apiErrorSchema },
    }),
    async (c) => {
      const user = requireUser(c);
      await endSession(deps, user.id, c.req.param('id'));
      return c.json({ signedOut: 1 });
    },
  );

  return app;
}
