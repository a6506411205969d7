import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';

/** zod validation whose failure is a 400 with the first issue's message (the spec's text). */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      return c.json(
        {
          error: {
            code: 'invalid_input',
            message: issue?.message ?? 'Invalid input',
            field: issue?.path.join('.') || undefined,
          },
        },
        400,
      );
    }
  });
