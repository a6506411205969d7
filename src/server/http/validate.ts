import type { ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import type { z } from 'zod';

/**
 * zod validation whose failure is a 400 with the first issue's message (the spec's text). It is
 * hono-openapi's validator (decision 031), so the schema also describes the route's parameters,
 * query or body in /api/openapi.json.
 */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  validator(target, schema, (result, c) => {
    if (!result.success) {
      const issue = result.error[0];
      const field = issue?.path?.map((part) => (typeof part === 'object' ? String(part.key) : String(part))).join('.');
      return c.json({ error: { code: 'invalid_input', message: issue?.message ?? 'Invalid input', field: field || undefined } }, 400);
    }
  });
