import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute, resolver, validator } from 'hono-openapi';
import { z } from 'zod';
import {
  createDebateSchema,
  DEBATE_LIMITS,
  DEBATE_MESSAGES,
  inviteFriendsSchema,
  textContributionSchema,
  voteSchema,
  type ContributionKind,
} from '../../../domain/debates/debate-rules';
import {
  audioContributionFormSchema,
  contributionSubmittedSchema,
  debateCreatedSchema,
  debateDeletedSchema,
  debateDetailSchema,
  debateSummarySchema,
  invitationsSentSchema,
  voteResultSchema,
} from '../../../domain/debates/debate-types';
import { apiErrorSchema } from '../../../domain/api/api-error';
import { documented } from '../../http/api-docs';
import { AppError, badRequest, notFound } from '../../http/app-error';
import { userRateLimit } from '../../http/rate-limit';
import { type AppEnv, requireUser, signedIn } from '../../http/session';
import { guardAdministratorPowers } from '../../http/administrator-guard';
import { validate } from '../../http/validate';
import type { ReadDbFor } from '../../db/read-replica';
import { checkRecording } from '../../storage/debate-audio-processing';
import * as debateService from './debates.service';

export interface DebateRouteDeps extends debateService.DebateDeps {
  /** Submissions and votes per user (default 60 a minute each). */
  writeLimit?: { max: number; windowSeconds: number };
  /** The public reads' database: a replica when there is one (decision 028). */
  readDb?: ReadDbFor;
  /** ACCOUNT_RECENT_PROOF_MINUTES (issue 32). */
  recentProofMinutes: number;
}

export const DEBATE_WRITE_LIMIT = { max: 60, windowSeconds: 60 } as const;

/** A malformed id names nothing: 404 like an unknown one. */
const idParams = <T extends z.ZodRawShape>(shape: T, message: string) =>
  validator('param', z.object(shape), (result) => {
    if (!result.success) throw notFound(message);
  });

const debateParam = idParams({ id: z.uuid() }, DEBATE_MESSAGES.notFound);
/** An older page of responses: after the response `before` of this debate. */
const pageQuery = validate('query', z.object({ before: z.uuid({ error: DEBATE_MESSAGES.badCursor }).optional() }));
const parentParam = idParams({ id: z.uuid(), parentId: z.uuid() }, DEBATE_MESSAGES.contentNotFound);

const audioParam = z.object({
  userId: z.uuid(),
  debateId: z.uuid(),
  file: z.string().regex(/^(response|rebuttal|defense)-\d{1,16}\.webm$/),
});

/** The contribution in the request: JSON `{ text }`, or a multipart form with the recording as `audio`. */
async function readContent(c: Context<AppEnv>, kind: ContributionKind): Promise<debateService.ContributionContent> {
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await c.req.formData().catch(() => null);
    const file = form?.get('audio');
    if (!(file instanceof File)) throw new AppError(400, 'invalid_audio', DEBATE_MESSAGES.audioInvalid);
    const recording = await checkRecording(Buffer.from(await file.arrayBuffer()), kind);
    return { contentType: 'audio', recording };
  }
  const body = await c.req.json().catch(() => null);
  const parsed = textContributionSchema.safeParse(body);
  if (!parsed.success) throw badRequest('invalid_input', parsed.error.issues[0]?.message ?? DEBATE_MESSAGES.textRequired);
  return { contentType: 'text', text: parsed.data.text };
}

const tags = ['Debates'];

/** A contribution's body: JSON `{ text }` for a text debate, a multipart form for an audio one. */
const contributionBody = {
  mediaType: 'multipart/form-data',
  schema: audioContributionFormSchema,
  description: 'An audio debate takes the recording as the multipart field `audio`; a text debate takes JSON `{ text }`.',
};
/** The JSON alternative of contributionBody (documented() describes one media type). */
const textContributionBody = describeRoute({ requestBody: { content: { 'application/json': { schema: resolver(textContributionSchema) } } } });

const contributionDoc = (summary: string) =>
  documented({ summary, tags, requestBody: contributionBody, responses: { 201: contributionSubmittedSchema, 409: apiErrorSchema } });

export function debateRoutes(deps: DebateRouteDeps) {
  const app = new Hono<AppEnv>();
  const limit = deps.writeLimit ?? DEBATE_WRITE_LIMIT;
  const perUser = (name: string) =>
    userRateLimit({ db: deps.db, clock: deps.clock, name, max: limit.max, windowSeconds: limit.windowSeconds });
  const uploadLimit = bodyLimit({
    maxSize: DEBATE_LIMITS.audioMaxBytes + 64 * 1024,
    onError: (c) => c.json({ error: { code: 'audio_too_large', message: DEBATE_MESSAGES.audioTooLarge } }, 413),
  });

  const reads = (c: Context) => ({ ...deps, db: deps.readDb?.(c) ?? deps.db });

  app.get(
    '/debates',
    documented({ access: 'public', summary: 'List the open debates, newest first', tags, responses: { 200: z.array(debateSummarySchema) } }),
    async (c) => c.json(await debateService.listActiveDebates(reads(c))),
  );

  app.post(
    '/debates',
    documented({ summary: 'Create a debate and invite friends to it', tags, responses: { 201: debateCreatedSchema, 409: apiErrorSchema } }),
    signedIn,
    perUser('debates:create'),
    validate('json', createDebateSchema),
    async (c) => {
      const created = await debateService.createDebate(deps, requireUser(c).id, c.req.valid('json'));
      return c.json(created, 201);
    },
  );

  app.get(
    '/debates/:id',
    documented({ access: 'optional', summary: 'Read a debate with one page of its responses, their rebuttals and defenses', tags, responses: { 200: debateDetailSchema } }),
    debateParam,
    pageQuery,
    async (c) => {
      // A visitor's copy may lag; a participant's (their votes, an invitation just received) may not.
      const detail = await debateService.getDebateDetail(c.var.user ? deps : reads(c), c.req.valid('param').id, c.var.user?.id ?? null, c.req.valid('query').before);
      if (!detail) throw notFound(DEBATE_MESSAGES.notFound);
      return c.json(detail);
    },
  );

  app.delete(
    '/debates/:id',
    documented({ summary: 'Delete a debate (its creator or an administrator)', tags, responses: { 200: debateDeletedSchema } }),
    signedIn,
    debateParam,
    async (c) => {
      const user = requireUser(c);
      const id = c.req.valid('param').id;
      // Someone else's debate: an administrator's action, with a second factor and a recent proof (issue 32).
      const creatorId = await debateService.debateCreatorId(deps, id);
      if (creatorId && creatorId !== user.id) await guardAdministratorPowers(deps.db, user, deps.recentProofMinutes);
      return c.json(await debateService.deleteDebate(deps, id, user.id));
    },
  );

  app.post(
    '/debates/:id/invitations',
    documented({ summary: 'Invite friends to a debate (its creator only)', tags, responses: { 201: invitationsSentSchema, 409: apiErrorSchema } }),
    signedIn,
    perUser('debates:invite'),
    debateParam,
    validate('json', inviteFriendsSchema),
    async (c) => c.json(await debateService.inviteFriends(deps, c.req.valid('param').id, requireUser(c).id, c.req.valid('json').friendIds), 201),
  );

  app.post('/debates/:id/responses', contributionDoc('Respond to a debate'), textContributionBody, signedIn, perUser('debates:submit'), debateParam, uploadLimit, async (c) => {
    const content = await readContent(c, 'response');
    const result = await debateService.submitContribution(deps, { debateId: c.req.valid('param').id, userId: requireUser(c).id, kind: 'response', content });
    return c.json(result, 201);
  });

  app.post(
    '/debates/:id/responses/:parentId/rebuttals',
    contributionDoc('Rebut a response of a debate'),
    textContributionBody,
    signedIn,
    perUser('debates:submit'),
    parentParam,
    uploadLimit,
    async (c) => {
      const { id, parentId } = c.req.valid('param');
      const content = await readContent(c, 'rebuttal');
      return c.json(await debateService.submitContribution(deps, { debateId: id, userId: requireUser(c).id, kind: 'rebuttal', parentId, content }), 201);
    },
  );

  app.post(
    '/debates/:id/rebuttals/:parentId/defenses',
    contributionDoc('Defend a response against a rebuttal of it'),
    textContributionBody,
    signedIn,
    perUser('debates:submit'),
    parentParam,
    uploadLimit,
    async (c) => {
      const { id, parentId } = c.req.valid('param');
      const content = await readContent(c, 'defense');
      return c.json(await debateService.submitContribution(deps, { debateId: id, userId: requireUser(c).id, kind: 'defense', parentId, content }), 201);
    },
  );

  app.post(
    '/debates/:id/votes',
    documented({ summary: 'Vote on a response, rebuttal or defense of a debate', tags, responses: { 200: voteResultSchema, 409: apiErrorSchema } }),
    signedIn,
    perUser('debates:vote'),
    debateParam,
    validate('json', voteSchema),
    async (c) => c.json(await debateService.castVote(deps, c.req.valid('param').id, requireUser(c).id, c.req.valid('json'))),
  );

  app.get(
    '/debate-audio/:userId/:debateId/:file',
    documented({ access: 'public', summary: 'Play a recording of a debate', tags, responses: { 200: { description: 'The recording', mediaType: 'audio/webm', binary: true } } }),
    validator('param', audioParam, (result) => {
      if (!result.success) throw notFound(DEBATE_MESSAGES.audioNotFound);
    }),
    async (c) => {
      const { userId, debateId, file } = c.req.valid('param');
      const audio = await debateService.getDebateAudio(reads(c), `${userId}/${debateId}/${file}`);
      if (!audio) throw notFound(DEBATE_MESSAGES.audioNotFound);
      return c.body(new Uint8Array(audio.bytes), 200, {
        'Content-Type': audio.contentType,
        'Cache-Control': 'public, max-age=3600',
        'Content-Length': String(audio.bytes.length),
      });
    },
  );

  return app;
}
