import { Hono } from 'hono';
import type { Db } from '../../db/client';
import { type AppEnv, requireUser } from '../../http/session';
import * as todo from './todo.service';

/** /api/todo: mounted under /api (session loaded). */
export function todoRoutes(deps: { db: Db }) {
  const app = new Hono<AppEnv>();
  app.get('/todo', async (c) => c.json(await todo.getTodoList(deps, requireUser(c).id)));
  return app;
}
