import { pgErrorOf } from './client';

/** Deadlock (40P01) and serialization failure (40001): PostgreSQL asks us to try again. */
const RETRYABLE = new Set(['40P01', '40001']);

/** Runs a transaction function again when PostgreSQL aborted it for a retryable reason. */
export async function withRetry<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = pgErrorOf(error)?.code;
      if (!code || !RETRYABLE.has(code) || attempt >= attempts) throw error;
    }
  }
}
