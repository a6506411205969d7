import type { Db } from '../db/client';
import type { Clock } from '../clock';
import type { ThrottleSettings } from './account-throttle';
import { AppError } from './app-error';
import { hitRateLimit, refundRateLimit } from './rate-limit';

export interface PasswordGuessDeps {
  db: Db;
  clock: Clock;
  settings: Pick<
    ThrottleSettings,
    | 'CAUCUS_PASSWORD_GUESSES_MAX'
    | 'CAUCUS_PASSWORD_GUESSES_WINDOW_SECONDS'
    | 'CAUCUS_PASSWORD_GUESSES_PER_USER_MAX'
    | 'CAUCUS_PASSWORD_GUESSES_PER_USER_WINDOW_SECONDS'
  >;
}

export type Guarded<T> = { refused: false; value: T } | { refused: true; retryAfterSeconds: number };

/** The refusal of a wrong caucus password (domain/caucuses/eligibility). */
const isWrongPassword = (error: unknown) => error instanceof AppError && error.code === 'incorrect_password';

/**
 * Runs `attempt`, a check of a caucus password typed by `userId`, under two limits on wrong
 * guesses: per user and caucus, and per user over all caucuses. A slot of each is taken
 * before the check (one atomic update each, so any number of concurrent guesses pass at
 * most the limit) and given back unless the answer is "Incorrect password": only wrong
 * guesses count. Without a password there is nothing to guess and nothing is counted.
 */
export async function guardPasswordGuess<T>(
  deps: PasswordGuessDeps,
  userId: string,
  caucusId: string,
  password: string | null | undefined,
  attempt: () => Promise<T>,
): Promise<Guarded<T>> {
  if (!password?.trim()) return { refused: false, value: await attempt() };
  const { db, clock, settings } = deps;
  const userKey = `caucus-password:user:${userId}`;
  const caucusKey = `caucus-password:${caucusId}:${userId}`;
  const perUser = await hitRateLimit(db, userKey, settings.CAUCUS_PASSWORD_GUESSES_PER_USER_MAX, settings.CAUCUS_PASSWORD_GUESSES_PER_USER_WINDOW_SECONDS, clock.now());
  if (!perUser.allowed) return { refused: true, retryAfterSeconds: perUser.retryAfterSeconds };
  const perCaucus = await hitRateLimit(db, caucusKey, settings.CAUCUS_PASSWORD_GUESSES_MAX, settings.CAUCUS_PASSWORD_GUESSES_WINDOW_SECONDS, clock.now());
  if (!perCaucus.allowed) {
    await refundRateLimit(db, userKey, perUser.windowStart);
    return { refused: true, retryAfterSeconds: perCaucus.retryAfterSeconds };
  }
  const refund = () => Promise.all([refundRateLimit(db, userKey, perUser.windowStart), refundRateLimit(db, caucusKey, perCaucus.windowStart)]);
  try {
    const value = await attempt();
    await refund();
    return { refused: false, value };
  } catch (error) {
    if (!isWrongPassword(error)) await refund();
    throw error;
  }
}
