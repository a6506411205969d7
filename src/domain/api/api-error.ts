import { z } from 'zod';

/**
 * The shape of every refusal the API gives (issue 17): a code for programs and the spec's
 * message for people. Some refusals add a field (`field` of a bad input, `title` of a dialog,
 * `retryAfterSeconds` …), so the inner object admits more keys.
 */
export const apiErrorSchema = z
  .object({
    error: z.looseObject({
      code: z.string(),
      message: z.string(),
      field: z.string().optional(),
      title: z.string().optional(),
    }),
  })
  .meta({ id: 'Error' });

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
