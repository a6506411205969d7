import { z } from 'zod';
import { ownProfileSchema } from '../profiles/profile-types';

/** The app's own answers (issue 17): health, public settings and the session. */
export const healthSchema = z.object({ status: z.literal('ok') });

export const appConfigSchema = z.object({
  visionDocumentUrl: z.string(),
  mailboxEnabled: z.boolean(),
  timeZone: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const sessionAnswerSchema = z.object({ user: ownProfileSchema.nullable() });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
