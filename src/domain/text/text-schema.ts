import { z } from 'zod';

/**
 * Text a person typed, as every schema of the app takes it (issue 11). PostgreSQL refuses
 * NUL (`\u0000`) in text, and other control characters only ever come from a broken or
 * hostile client: they are refused with a message a person understands, never passed on.
 */
export const TEXT_MESSAGES = {
  controlCharacters: 'Remove the control characters from this text.',
  malformed: 'This text contains characters that cannot be stored. Please retype it.',
} as const;

/** C0 controls, DEL and C1 controls: nothing a keyboard types into a one-line field. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but a tab and line breaks (\n, \r) are text in a multi-line field. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/**
 * The same rules as whole-text patterns: zod's `.regex()` checks them and /api/openapi.json
 * publishes them as each field's `pattern` (decision 039), in a syntax every JSON Schema tool
 * reads (ECMA-262 and Python alike: no flags, no classes beyond \uXXXX ranges).
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const SINGLE_LINE_TEXT_PATTERN = /^[^\u0000-\u001f\u007f-\u009f]*$/;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const MULTI_LINE_TEXT_PATTERN = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;
/** Half of a surrogate pair on its own: not a character, and not valid UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasControlCharacters = (text: string, options: { multiline?: boolean } = {}): boolean =>
  (options.multiline ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL).test(text);

export const isWellFormedText = (text: string): boolean => !LONE_SURROGATE.test(text);

type StringParams = Parameters<typeof z.string>[0];

function checkedText(multiline: boolean, params?: StringParams) {
  return z
    .string(params)
    .regex(multiline ? MULTI_LINE_TEXT_PATTERN : SINGLE_LINE_TEXT_PATTERN, { error: TEXT_MESSAGES.controlCharacters, abort: true })
    .refine(isWellFormedText, { error: TEXT_MESSAGES.malformed, abort: true });
}

/** A one-line field (a name, a title, a search, a password): no control characters at all. */
export const singleLineText = (params?: StringParams) => checkedText(false, params);

/** A multi-line field (a bio, a message, a response): tabs and line breaks allowed, no other controls. */
export const multiLineText = (params?: StringParams) => checkedText(true, params);
