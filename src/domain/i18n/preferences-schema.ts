import { z } from 'zod';
import { LANGUAGES, THEMES } from './languages';

export const PREFERENCES_MESSAGES = {
  invalidLanguage: 'Choose English or Spanish',
  invalidTheme: 'Choose light, dark or system',
  empty: 'Nothing to change',
} as const;

/** PATCH /api/me/preferences: the language and theme a person keeps (issue 15). */
export const updatePreferencesSchema = z
  .strictObject({
    language: z.enum(LANGUAGES, { error: PREFERENCES_MESSAGES.invalidLanguage }).optional(),
    theme: z.enum(THEMES, { error: PREFERENCES_MESSAGES.invalidTheme }).optional(),
  })
  .refine((body) => body.language !== undefined || body.theme !== undefined, { error: PREFERENCES_MESSAGES.empty })
  // The same rule as the document states it: a body with neither field is a 400 (decision 039).
  .meta({ minProperties: 1 });
