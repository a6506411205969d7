import { Hono } from 'hono';
import type { MovementStats } from '../../../domain/stats/movement';
import type { AppEnv } from '../../http/session';

export function statsRoutes(deps: { readMovementStats: () => Promise<MovementStats> }) {
  const app = new Hono<AppEnv>();
  app.get('/stats/movement', async (c) => {
    c.header('Cache-Control', 'public, max-age=30');
    return c.json(await deps.readMovementStats());
  });
  return app;
}
