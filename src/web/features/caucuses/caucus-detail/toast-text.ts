import { ApiError } from '../../../api/http';

/** "Title: description" messages of the spec become a toast's title and description. */
export function splitMessage(message: string, fallbackTitle: string): [string, string | undefined] {
  const match = /^([A-Z][^:.]{1,40}): (.+)$/.exec(message);
  return match ? [match[1]!, match[2]] : [fallbackTitle, message];
}

/** The server's message of a failed request, or `fallback` when it gave none. */
export const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback);
