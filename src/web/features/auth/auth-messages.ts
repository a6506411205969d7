import { z } from 'zod';
import { ApiError } from '../../api/http';

// The /auth page's texts (the spec's wording where it gives one) are in the `auth` namespace of
// src/web/locales: errors, notices and toasts included.

const GENERIC = /^Request failed \(\d+\)$/;

/** The server's message when it gave a useful one, else the spec's fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.message && !GENERIC.test(error.message)) return error.message;
  return fallback;
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** A referral id is sent to the server only when it looks like a user id. */
export function isUserId(value: string | null): value is string {
  return !!value && z.uuid().safeParse(value).success;
}
