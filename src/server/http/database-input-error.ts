/**
 * A backstop for input the schemas did not stop (issue 11): PostgreSQL refusing a value as
 * data is the client's fault, so it is a 400 with a readable message, not a 500. The schemas
 * come first (src/domain/text/text-schema.ts, bounded numbers); this only keeps a missed
 * field from taking the answer down.
 */

/**
 * 22P05 untranslatable character (NUL), 22021 character not in repertoire (bad UTF-8),
 * 22003 numeric value out of range, 22P02 invalid text representation (a bad uuid or
 * number), 22007/22008 invalid or out-of-range datetime, 22001 string too long for its column.
 */
const DATA_ERROR_CODES = new Set(['22P05', '22021', '22003', '22P02', '22007', '22008', '22001']);

export const DATABASE_INPUT_ERROR_BODY = {
  error: { code: 'invalid_input', message: 'Some of what was sent could not be read. Please check the text and numbers you entered.' },
} as const;

/** True when `error` (or its cause: drizzle wraps the pg error in DrizzleQueryError) is PostgreSQL refusing a value. */
export function isDatabaseInputError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DATA_ERROR_CODES.has(code)) return true;
  }
  return false;
}
