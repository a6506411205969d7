import { Hono } from 'hono';
import { todoAnswerSchema } from '../../../domain/todo/todo-answer';
import type { Db } from '../../db/client';
import { documented } from '../../http/api-docs';
import { type AppEnv, requireUser } from '../../http/session';
import * as todo from './todo.service';

/** /api/todo: mounted under /api (session loaded). */
export function todoRoutes(deps: { db: Db }) {
  const app = new Hono<AppEnv>();
  app.get(
    '/todo',
    documented({ summary: 'Your To-Do List, or null when none applies', tags: ['Todo'], responses: { 200: todoAnswerSchema } }),
    async (c) => c.json(await todo.getTodoList(deps, requireUser(c).id)),
  );
  return app;
}
