import { parseRetryAfter, tooManyAttemptsMessage } from '../../domain/throttle/wait-words';
import { inPageLanguage } from '../i18n/message-language';
import type { JoinConfirmation } from '../../domain/caucuses/caucus-types';

/** An answer of the API that was not a success, with the server's message (the spec's text). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly title?: string,
    /** The answer's parsed body, when it had one. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  json?: unknown;
  formData?: FormData;
  signal?: AbortSignal;
}

/**
 * How a request reaches the API: the browser's fetch, or, while the server draws a page
 * (src/web/server-render.tsx), the server's own app with the visitor's cookie.
 */
type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);

/** Sends every api() request through `next` (the server's page renderer sets it once). */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/** JSON over fetch with the session cookie; failures become ApiError with the server's message. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.formData) {
    body = options.formData;
  }
  let res: Response;
  try {
    res = await transport(path, { method: options.method ?? 'GET', headers, body, credentials: 'same-origin', signal: options.signal });
  } catch {
    throw new ApiError(0, 'network', inPageLanguage('Could not reach the server. Check your connection and try again.'));
  }
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string; title?: string }; message?: string; code?: string } | null) ?? {};
    // A 429 says in words how long to wait: the server's message, or one made from Retry-After.
    const fallback = res.status === 429 ? tooManyAttemptsMessage(parseRetryAfter(res.headers.get('retry-after')) ?? 60) : `Request failed (${res.status})`;
    // The server's message is in the page's language already (its cookie); ours is made so here.
    const message = err.error?.message ?? err.message ?? inPageLanguage(fallback);
    throw new ApiError(res.status, err.error?.code ?? err.code ?? 'error', message, err.error?.title, data);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The server's "confirm leaving your current caucus first" answer (a 409 that is not an error). */
export type ConfirmationAnswer = JoinConfirmation;

/** Like api(), but a 409 `requires_confirmation` answer is returned instead of thrown. */
export async function apiOrConfirmation<T>(path: string, options: RequestOptions = {}): Promise<T | ConfirmationAnswer> {
  try {
    return await api<T>(path, options);
  } catch (e) {
    const body = e instanceof ApiError && e.status === 409 ? (e.body as Partial<ConfirmationAnswer> | null) : null;
    if (body?.status === 'requires_confirmation') return body as ConfirmationAnswer;
    throw e;
  }
}
