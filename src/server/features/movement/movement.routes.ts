import { Hono } from 'hono';
import { apiErrorSchema } from '../../../domain/api/api-error';
import {
  movementDistrictParamSchema,
  movementDistrictSchema,
  movementProgressQuerySchema,
  movementProgressSchema,
  movementStateParamSchema,
  movementStateSchema,
  movementStatesSchema,
} from '../../../domain/movement/movement-answers';
import { documented } from '../../http/api-docs';
import type { AppEnv } from '../../http/session';
import { validate } from '../../http/validate';
import * as movement from './movement.service';
import { publicReadTags, type PublicReadCache } from '../../caching/public-read-cache';
import { jsonAnswer, publicRead, sendAnswer } from '../../caching/public-read-answers';

const TAGS = ['Movement'];
const FRESHNESS = 'Figures from aggregates refreshed every minute by a scheduled job; `updatedAt` says when.';

/**
 * /api/movement/* (issue 18): the movement's map, a state's districts, a district's election
 * tree and progress over time. Public; reads only aggregates (decision 032), so they may go to
 * the read replica, and the answers may be cached for 30 s.
 */
export function movementRoutes(deps: movement.MovementDeps & { publicReads?: PublicReadCache }) {
  const app = new Hono<AppEnv>();
  const cacheable = (c: { header: (name: string, value: string) => void }) => c.header('Cache-Control', 'public, max-age=30');
  // The aggregates are the same for everyone and a minute old at most: every reader shares them
  // until the next refresh or for a few seconds (decision 055). A district's Delegates are live:
  // only visitors share those.
  const shared = (key: string) => ({ cache: deps.publicReads, key, tags: [publicReadTags.movement], visitorsOnly: false });

  app.get(
    '/movement/states',
    documented({ access: 'public', summary: "Every state's figures, for the movement's map and its table", description: FRESHNESS, tags: TAGS, responses: { 200: movementStatesSchema } }),
    async (c) => {
      cacheable(c);
      return sendAnswer(c, (await publicRead(c, shared('movement:states'), async () => jsonAnswer(await movement.readMovementStates(deps.db))))!);
    },
  );

  app.get(
    '/movement/states/:state',
    documented({ access: 'public',
      summary: "A state's districts as tiles: per level its caucuses and finished elections",
      description: FRESHNESS,
      tags: TAGS,
      responses: { 200: movementStateSchema, 404: apiErrorSchema },
    }),
    validate('param', movementStateParamSchema),
    async (c) => {
      cacheable(c);
      const { state } = c.req.valid('param');
      return sendAnswer(c, (await publicRead(c, shared(`movement:state:${state}`), async () => jsonAnswer(await movement.readMovementState(deps.db, state))))!);
    },
  );

  app.get(
    '/movement/states/:state/districts/:district',
    documented({ access: 'public',
      summary: "A district's election tree: per level its caucuses, finished elections and Delegates, and what its Candidate still needs",
      description: `${FRESHNESS} Delegates are listed live, at most 50 per level, most recent first, with their public names only.`,
      tags: TAGS,
      responses: { 200: movementDistrictSchema, 404: apiErrorSchema },
    }),
    validate('param', movementDistrictParamSchema),
    async (c) => {
      cacheable(c);
      const { state, district } = c.req.valid('param');
      const options = { cache: deps.publicReads, key: `movement:district:${state}:${district}`, tags: [publicReadTags.people], visitorsOnly: true };
      return sendAnswer(c, (await publicRead(c, options, async () => jsonAnswer(await movement.readMovementDistrict(deps.db, state, district))))!);
    },
  );

  app.get(
    '/movement/progress',
    documented({ access: 'public',
      summary: 'Progress over time: level-1 joins per day (90 days) and finished elections per week (52 weeks), for the country, a state or a district',
      description: FRESHNESS,
      tags: TAGS,
      responses: { 200: movementProgressSchema, 404: apiErrorSchema },
    }),
    validate('query', movementProgressQuerySchema),
    async (c) => {
      cacheable(c);
      const query = c.req.valid('query');
      const key = `movement:progress:${query.state ?? ''}:${query.district ?? ''}`;
      return sendAnswer(c, (await publicRead(c, shared(key), async () => jsonAnswer(await movement.readMovementProgress(deps, query))))!);
    },
  );

  return app;
}
