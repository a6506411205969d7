import { spoken } from '../../http/translated-errors';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  castVoteSchema,
  createCaucusSchema,
  joinCaucusSchema,
  platformLinkSchema,
  requiredMembersSchema,
  searchCaucusesSchema,
} from '../../../domain/caucuses/caucus-schemas';
import { unauthorized } from '../../http/app-error';
import { guardPasswordGuess, type PasswordGuessDeps } from '../../http/guess-throttle';
import { tooManyAttempts } from '../../http/rate-limit';
import { type AppEnv, requireUser } from '../../http/session';
import { guardAdministratorPowers, requireAdministrator } from '../../http/administrator-guard';
import type { ReadDbFor } from '../../db/read-replica';
import { validate } from '../../http/validate';
import * as caucusService from './caucuses.service';
import { readElectionRecord } from './election-record.service';
import { recordToCsv } from '../../../domain/caucuses/election-record';
import { electionRecordFileSchema } from '../../../domain/caucuses/election-record-schema';
import {
  caucusDetailSchema,
  caucusLeftSchema,
  caucusSearchPageSchema,
  caucusSummarySchema,
  caucusUpdatedSchema,
  invitedCaucusSchema,
  joinConfirmationSchema,
  joinResultSchema,
  myCaucusSchema,
  representationLinkSchema,
  voteResultSchema,
} from '../../../domain/caucuses/caucus-types';
import { apiErrorSchema } from '../../../domain/api/api-error';
import { documented, undocumented } from '../../http/api-docs';

const TAGS = ['Caucuses'];
/** 409: the user confirms leaving a caucus of the same level first, or a refusal of the current state. */
const confirmationOrConflict = z.union([joinConfirmationSchema, apiErrorSchema]);

const idParam = z.object({ id: z.uuid({ error: caucusService.CAUCUS_ERRORS.notFound }) });
export const codeParam = z.object({ code: z.string().trim().regex(/^[A-Za-z0-9]{6}$/, 'Invalid invitation link') });

export function caucusRoutes(deps: caucusService.CaucusPasswordDeps & { throttle: PasswordGuessDeps['settings']; readDb?: ReadDbFor; recentProofMinutes: number }) {
  const { recentProofMinutes } = deps;
  const app = new Hono<AppEnv>();

  // The search may lag a second (a replica when there is one, decision 028); a caucus's own page may not.
  app.get(
    '/caucuses',
    documented({ summary: 'Searches caucuses by place, level, alignment and status, a page at a time', tags: TAGS, responses: { 200: caucusSearchPageSchema } }),
    validate('query', searchCaucusesSchema),
    async (c) => {
      requireUser(c);
      return c.json(await caucusService.searchCaucuses({ ...deps, db: deps.readDb?.(c) ?? deps.db }, c.req.valid('query')));
    },
  );

  app.post(
    '/caucuses',
    documented({
      summary: 'Creates a caucus; a voting member creator joins it',
      tags: TAGS,
      responses: { 201: caucusSummarySchema, 409: confirmationOrConflict, 503: apiErrorSchema },
    }),
    validate('json', createCaucusSchema),
    async (c) => {
      const user = requireUser(c);
      const body = c.req.valid('json');
      // A level-5 caucus is an administrator's: a second factor and a recent proof (issue 32).
      if (body.level === 5) await guardAdministratorPowers(deps.db, user, recentProofMinutes);
      const result = await caucusService.createCaucus(deps, user.id, body);
      return c.json(result, result.status === 'requires_confirmation' ? 409 : 201);
    },
  );

  const findByCode = async (c: Context<AppEnv>, code: string) => {
    const found = await caucusService.findCaucusByInvitationCode(deps, code);
    if (!found) return c.json({ error: { code: 'not_found', message: 'Caucus not found with this invitation code' } }, 404);
    return c.json(found);
  };
  app.get(
    '/caucus-codes/:code',
    documented({ access: 'public', summary: 'Finds a caucus by its invitation code', tags: TAGS, responses: { 200: invitedCaucusSchema } }),
    validate('param', codeParam),
    async (c) => findByCode(c, c.req.valid('param').code),
  );
  // The same, at its first address (kept for links and scripts that use it; decision 039): left
  // out of /api/openapi.json, where it made every /api/caucuses/{id}/… path ambiguous.
  app.get('/caucuses/by-code/:code', undocumented(), validate('param', codeParam), async (c) => findByCode(c, c.req.valid('param').code));

  app.get(
    '/caucuses/:id',
    documented({ summary: "A caucus's page: its members, organizers, election and what the viewer may do", tags: TAGS, responses: { 200: caucusDetailSchema } }),
    validate('param', idParam),
    async (c) => {
      if (!c.var.user) throw unauthorized(caucusService.CAUCUS_ERRORS.mustBeLoggedIn);
      return c.json(await caucusService.getCaucusDetail(deps, c.req.valid('param').id, c.var.user.id));
    },
  );

  // The election record (issue 14): JSON for the page and the download, CSV for spreadsheets.
  const recordQuery = z.object({ download: z.string().optional().describe('Present (any value, even empty): the answer comes as an attachment') });
  app.get(
    '/caucuses/:id/record',
    documented({ access: 'optional',
      summary: "The caucus's hash-chained election record",
      description: 'Members read it at any time, with names; once the election is finalized anyone may, with pseudonyms only. With `?download` it comes as an attachment.',
      tags: TAGS,
      responses: { 200: electionRecordFileSchema },
    }),
    validate('param', idParam),
    validate('query', recordQuery),
    async (c) => {
      const { viewerIsMember: _member, ...file } = await readElectionRecord(deps, c.req.valid('param').id, c.var.user?.id ?? null);
      if (c.req.valid('query').download !== undefined) c.header('Content-Disposition', `attachment; filename="election-record-${file.caucus.id}.json"`);
      c.header('Cache-Control', 'private, no-store');
      return c.json(file);
    },
  );

  app.get(
    '/caucuses/:id/record.csv',
    documented({ access: 'optional',
      summary: "The caucus's election record as CSV, one line per entry",
      tags: TAGS,
      responses: { 200: { description: 'The record as CSV (RFC 4180), as an attachment', mediaType: 'text/csv' } },
    }),
    validate('param', idParam),
    async (c) => {
      const { viewerIsMember: _member, ...file } = await readElectionRecord(deps, c.req.valid('param').id, c.var.user?.id ?? null);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="election-record-${file.caucus.id}.csv"`);
      c.header('Cache-Control', 'private, no-store');
      return c.body(recordToCsv(file));
    },
  );

  app.post(
    '/caucuses/:id/join',
    documented({
      summary: 'Joins a caucus as a voting member (with its password if private)',
      tags: TAGS,
      responses: { 200: joinResultSchema, 409: confirmationOrConflict },
    }),
    validate('param', idParam), validate('json', joinCaucusSchema),
    async (c) => {
      const user = requireUser(c);
      const caucusId = c.req.valid('param').id;
      const input = c.req.valid('json');
      const guarded = await guardPasswordGuess({ ...deps, settings: deps.throttle }, user.id, caucusId, input.password, () =>
        caucusService.joinCaucus(deps, user.id, caucusId, input),
      );
      if (guarded.refused) return tooManyAttempts(c, guarded.retryAfterSeconds);
      const result = guarded.value;
      return c.json(spoken(c, result), result.status === 'requires_confirmation' ? 409 : 200);
    },
  );

  app.post(
    '/caucuses/:id/leave',
    documented({ summary: 'Leaves a caucus', tags: TAGS, responses: { 200: caucusLeftSchema, 409: apiErrorSchema } }),
    validate('param', idParam),
    async (c) => {
      const user = requireUser(c);
      await caucusService.leaveCaucus(deps, user.id, c.req.valid('param').id);
      return c.json({ status: 'left' });
    },
  );

  app.put(
    '/caucuses/:id/vote',
    documented({ summary: "Casts or changes the voting member's vote for a candidate", tags: TAGS, responses: { 200: voteResultSchema, 409: apiErrorSchema } }),
    validate('param', idParam), validate('json', castVoteSchema),
    async (c) => {
      if (!c.var.user) throw unauthorized('Authentication Error: You must be logged in to vote.');
      return c.json(spoken(c, await caucusService.castVote(deps, c.var.user.id, c.req.valid('param').id, c.req.valid('json').candidateId)));
    },
  );

  app.patch(
    '/caucuses/:id/platform-link',
    documented({ summary: "Sets the caucus's platform link", tags: TAGS, responses: { 200: caucusUpdatedSchema, 409: apiErrorSchema } }),
    validate('param', idParam), validate('json', platformLinkSchema),
    async (c) => {
      const user = requireUser(c);
      await caucusService.setPlatformLink(deps, user.id, c.req.valid('param').id, c.req.valid('json').platformLink);
      return c.json({ status: 'updated' });
    },
  );

  app.patch(
    '/caucuses/:id/required-members',
    documented({ summary: 'Sets how many voting members the caucus needs (administrators)', tags: TAGS, responses: { 200: caucusUpdatedSchema, 409: apiErrorSchema } }),
    requireAdministrator({ db: deps.db, recentProofMinutes, notAdministrator: caucusService.CAUCUS_ERRORS.adminsOnly }),
    validate('param', idParam), validate('json', requiredMembersSchema),
    async (c) => {
      const user = requireUser(c);
      await caucusService.setRequiredMembers(deps, user.id, c.req.valid('param').id, c.req.valid('json').requiredVotingMembers);
      return c.json({ status: 'updated' });
    },
  );

  app.get(
    '/my/caucuses',
    documented({ summary: 'The caucuses the signed-in user votes in or organizes, newest first', tags: TAGS, responses: { 200: z.array(myCaucusSchema) } }),
    async (c) => c.json(await caucusService.listMyCaucuses(deps, requireUser(c).id)),
  );
  app.get(
    '/my/representation',
    documented({
      summary: "The signed-in user's chain of representation, from their level-1 caucus up through each elected Delegate",
      tags: TAGS,
      responses: { 200: z.array(representationLinkSchema) },
    }),
    async (c) => c.json(await caucusService.getRepresentation(deps, requireUser(c).id)),
  );

  return app;
}
