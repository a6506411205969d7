import { languageOf } from '../../http/request-language';
import { translateMessage } from '../../../domain/i18n/translate-message';
import { spoken } from '../../http/translated-errors';
import type { Clock } from '../../clock';
import { userRateLimit } from '../../http/rate-limit';
import { requestIsHttps } from '../../http/request-client';
import { exportPersonalData } from './data-export.service';
import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  updateAlignmentSchema,
  updateBioSchema,
  updateLocationSchema,
  updateTaglineSchema,
  deleteProfileSchema,
  MESSAGES,
} from '../../../domain/profiles/profile-schemas';
import { PHOTO_MAX_BYTES } from '../../../domain/profiles/limits';
import { updatePreferencesSchema } from '../../../domain/i18n/preferences-schema';
import { LANGUAGE_COOKIE, THEME_COOKIE } from '../../../domain/i18n/languages';
import { setCookie } from 'hono/cookie';
import type { Db } from '../../db/client';
import type { ReadDbFor } from '../../db/read-replica';
import { AppError, notFound } from '../../http/app-error';
import { type AppEnv, requireUser, signedIn } from '../../http/session';
import { requireRecentProof } from '../../http/recent-proof';
import { validate } from '../../http/validate';
import { documented } from '../../http/api-docs';
import { apiErrorSchema } from '../../../domain/api/api-error';
import {
  activityItemSchema,
  deleteOutcomeSchema,
  earnedBadgeSchema,
  ownProfileSchema,
  personalDataExportSchema,
  photoUploadSchema,
  publicProfileSchema,
} from '../../../domain/profiles/profile-types';
import { PHOTO_ERRORS, reencodePhoto } from '../../storage/photo-processing';
import * as profiles from './profiles.service';
import type { PublicReadCache } from '../../caching/public-read-cache';
import { publicReadTags } from '../../caching/public-read-cache';
import { jsonAnswer, publicRead, sendAnswer } from '../../caching/public-read-answers';

const idParam = z.object({ id: z.uuid() });

/** A malformed id names nothing: answer 404 with `message`, like an unknown one. */
const idOr404 = (message: string) =>
  zValidator('param', idParam, (result) => {
    if (!result.success) throw notFound(message);
  });

/**
 * The location body's district must be a JSON number: the shared schema also coerces the
 * register form's strings, which would let `true` pass as district 1. Checked first.
 */
const jsonDistrict = z.looseObject({ district: z.number({ error: MESSAGES.invalidDistrict }) });

/** A missing confirmation reads like a wrong one. */
const deleteBody = z.object({ confirmation: z.string({ error: MESSAGES.deleteConfirm }) }).pipe(deleteProfileSchema);

/** "Download my data": a few per hour and person (it reads every table that names them). */
export const DATA_EXPORT_LIMIT = { max: 5, windowSeconds: 3600 } as const;

export function profileRoutes(deps: {
  db: Db;
  clock: Clock;
  baseUrl: string;
  onSignOut?: () => void;
  readDb?: ReadDbFor;
  recentProofMinutes: number;
  /** The shared cache of public reads (decision 055): visitors' reads of profiles and photos. */
  publicReads?: PublicReadCache;
}) {
  const app = new Hono<AppEnv>();
  // Public profiles and photos may lag a second: a replica when there is one (decision 028).
  const reads = (c: Context) => ({ ...deps, db: deps.readDb?.(c) ?? deps.db });

  app.get('/me', documented({ summary: 'Your own profile', tags: ['Profiles'], responses: { 200: ownProfileSchema } }), async (c) =>
    c.json(await profiles.getOwnProfile(deps, requireUser(c).id)),
  );

  app.get(
    '/me/data',
    documented({
      summary: 'Download everything the app holds about you, as one JSON document',
      description: 'A few times per hour and person; the answer is an attachment (Content-Disposition).',
      tags: ['Profiles'],
      responses: { 200: personalDataExportSchema },
    }),
    signedIn,
    userRateLimit({ db: deps.db, clock: deps.clock, name: 'me:data', max: DATA_EXPORT_LIMIT.max, windowSeconds: DATA_EXPORT_LIMIT.windowSeconds }),
    async (c) => {
      const user = requireUser(c);
      const data = await exportPersonalData(deps, user.id, deps.clock.now());
      c.header('Content-Disposition', `attachment; filename="my-caucus-data-${deps.clock.now().toISOString().slice(0, 10)}.json"`);
      c.header('Cache-Control', 'private, no-store');
      return c.json(data);
    },
  );

  app.patch(
    '/me/tagline',
    documented({ summary: 'Change your tagline', tags: ['Profiles'], responses: { 200: ownProfileSchema } }),
    validate('json', updateTaglineSchema),
    async (c) => {
      await profiles.updateTagline(deps, requireUser(c).id, c.req.valid('json').tagline);
      return c.json(await profiles.getOwnProfile(deps, requireUser(c).id));
    },
  );
  app.patch(
    '/me/bio',
    documented({ summary: 'Change your bio', tags: ['Profiles'], responses: { 200: ownProfileSchema } }),
    validate('json', updateBioSchema),
    async (c) => {
      await profiles.updateBio(deps, requireUser(c).id, c.req.valid('json').bio);
      return c.json(await profiles.getOwnProfile(deps, requireUser(c).id));
    },
  );
  app.patch(
    '/me/alignment',
    documented({ summary: 'Change your political alignment', tags: ['Profiles'], responses: { 200: ownProfileSchema } }),
    validate('json', updateAlignmentSchema),
    async (c) => {
      const body = c.req.valid('json');
      await profiles.updateAlignment(deps, requireUser(c).id, body.alignment, body.otherAlignment);
      return c.json(await profiles.getOwnProfile(deps, requireUser(c).id));
    },
  );
  // The language and theme the app keeps for this person (issue 15); their cookies follow, so the
  // pages, answers and mail of this browser are in the new language at once.
  app.patch(
    '/me/preferences',
    documented({ summary: 'Change your language or theme (their cookies follow)', tags: ['Profiles'], responses: { 200: ownProfileSchema } }),
    validate('json', updatePreferencesSchema),
    async (c) => {
      const body = c.req.valid('json');
      await profiles.updatePreferences(deps, requireUser(c).id, body);
      const cookie = { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'Lax', secure: requestIsHttps(c) } as const;
      if (body.language) setCookie(c, LANGUAGE_COOKIE, body.language, cookie);
      if (body.theme) setCookie(c, THEME_COOKIE, body.theme, cookie);
      return c.json(await profiles.getOwnProfile(deps, requireUser(c).id));
    },
  );
  app.patch(
    '/me/location',
    documented({
      summary: 'Move your home to another state and district',
      description: 'Refused (409) once the location lock rule applies.',
      tags: ['Profiles'],
      responses: { 200: ownProfileSchema, 409: apiErrorSchema },
    }),
    validate('json', jsonDistrict),
    validate('json', updateLocationSchema),
    async (c) => {
      const body = c.req.valid('json');
      await profiles.updateLocation(deps, requireUser(c).id, body.state, body.district);
      return c.json(await profiles.getOwnProfile(deps, requireUser(c).id));
    },
  );

  app.post(
    '/me/photo',
    documented({
      summary: 'Upload a new profile photo',
      description: 'The server checks the bytes (JPEG, PNG, WebP, GIF, AVIF or TIFF, 5 MB at most) and re-encodes the photo as a square WebP.',
      tags: ['Profiles'],
      requestBody: { mediaType: 'multipart/form-data', schema: z.object({ photo: z.file() }) },
      responses: { 200: photoUploadSchema },
    }),
    bodyLimit({
      maxSize: PHOTO_MAX_BYTES + 64 * 1024,
      onError: (c) => c.json({ error: { code: 'file_too_large', message: PHOTO_ERRORS.tooLarge.message, title: PHOTO_ERRORS.tooLarge.title } }, 413),
    }),
    async (c) => {
      const user = requireUser(c);
      const form = await c.req.formData().catch(() => null);
      const file = form?.get('photo');
      if (!(file instanceof File)) {
        throw new AppError(400, 'invalid_file_type', PHOTO_ERRORS.invalidType.message, { title: PHOTO_ERRORS.invalidType.title });
      }
      const image = await reencodePhoto(Buffer.from(await file.arrayBuffer()));
      const photoUrl = await profiles.savePhoto(deps, user.id, image);
      return c.json({ photoUrl });
    },
  );

  app.delete(
    '/me',
    documented({
      summary: 'Delete your profile',
      description: 'Someone who took part in a finalized election is hidden instead; either way every session ends.',
      tags: ['Profiles'],
      responses: { 200: deleteOutcomeSchema },
    }),
    validate('json', deleteBody),
    // Deleting the account asks again (issue 32): a proof of who you are from the last few minutes.
    signedIn,
    requireRecentProof(deps.recentProofMinutes),
    async (c) => {
      const outcome = await profiles.deleteProfile(deps, requireUser(c).id);
      return c.json(spoken(c, outcome));
    },
  );

  app.get(
    '/profiles/:id',
    documented({ access: 'optional', summary: "Someone's public profile", tags: ['Profiles'], responses: { 200: publicProfileSchema } }),
    idOr404('Profile not found'),
    async (c) => {
      const id = c.req.valid('param').id;
      const answer = await publicRead(c, { cache: deps.publicReads, key: `profile:${id}`, tags: [publicReadTags.person(id)], visitorsOnly: true }, async () => {
        const profile = await profiles.getPublicProfile(reads(c), id, { viewerId: c.var.user?.id ?? null });
        return profile ? jsonAnswer(profile) : null;
      });
      if (!answer) throw notFound('Profile not found');
      return sendAnswer(c, answer);
    },
  );
  app.get(
    '/profiles/:id/activities',
    documented({ access: 'public', summary: "Someone's newest activities", tags: ['Profiles'], responses: { 200: z.array(activityItemSchema) } }),
    idOr404('Profile not found'),
    async (c) => {
      const language = languageOf(c);
      const id = c.req.valid('param').id;
      const answer = await publicRead(c, { cache: deps.publicReads, key: `activities:${id}:${language}`, tags: [publicReadTags.person(id)], visitorsOnly: true }, async () => {
        const items = await profiles.listActivities(reads(c), id);
        // The words stored with each activity are English: shown in the reader's language (issue 15).
        return jsonAnswer(language === 'en' ? items : items.map((item) => ({ ...item, description: translateMessage(language, item.description) })));
      });
      return sendAnswer(c, answer!);
    },
  );
  app.get(
    '/profiles/:id/badges',
    documented({ access: 'public', summary: 'The badges someone earned, newest first', tags: ['Profiles'], responses: { 200: z.array(earnedBadgeSchema) } }),
    idOr404('Profile not found'),
    async (c) => {
      const id = c.req.valid('param').id;
      const answer = await publicRead(c, { cache: deps.publicReads, key: `badges:${id}`, tags: [publicReadTags.person(id)], visitorsOnly: true }, async () =>
        jsonAnswer(await profiles.listEarnedBadges(reads(c), id)),
      );
      return sendAnswer(c, answer!);
    },
  );

  app.get(
    '/photos/:id',
    documented({ access: 'public',
      summary: 'A profile photo',
      tags: ['Profiles'],
      responses: { 200: { description: 'The photo, as the server re-encoded it', mediaType: 'image/webp', binary: true } },
    }),
    idOr404('Photo not found'),
    async (c) => {
      const id = c.req.valid('param').id;
      // A photo's bytes never change under its id (a new photo is a new id): everyone shares it.
      const answer = await publicRead(c, { cache: deps.publicReads, key: `photo:${id}`, tags: [publicReadTags.photo(id)], visitorsOnly: false }, async () => {
        const photo = await profiles.getPhoto(reads(c), id);
        return photo ? { body: new Uint8Array(photo.bytes), contentType: photo.contentType, cacheControl: 'public, max-age=3600' } : null;
      });
      if (!answer) throw notFound('Photo not found');
      return sendAnswer(c, answer);
    },
  );

  return app;
}
