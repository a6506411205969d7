/**
 * The sign-in back-off for one account: the first `freeFailures` wrong passwords cost
 * nothing; from then on every further attempt waits `baseSeconds`, doubling with each
 * failure, never more than `maxSeconds` after the last one.
 */
export interface BackOffPolicy {
  freeFailures: number;
  baseSeconds: number;
  maxSeconds: number;
}

/** Doublings beyond this would only ever be capped (and 2^n must stay a finite number). */
const MAX_DOUBLINGS = 30;

/** Seconds to wait after the last failure, given the failures counted so far. */
export function backOffSeconds(failures: number, policy: BackOffPolicy): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, MAX_DOUBLINGS);
  return Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** doublings);
}

export interface SignInThrottlePolicy extends BackOffPolicy {
  /** Failures whose last one is older than this count for nothing. */
  forgetAfterSeconds: number;
}

export interface FailureState {
  failures: number;
  lastFailureAt: Date;
}

export type AttemptDecision = { allowed: true; failures: number } | { allowed: false; retryAfterSeconds: number };

/**
 * May one more sign-in attempt go ahead for this account now? If so, it is counted as a
 * failure at once (`failures` is the count to store, with `now` as the last failure) and a
 * success clears it afterwards: so concurrent attempts can never pass more than the rule
 * allows. If not, how many seconds are left to wait (at least 1).
 */
export function decideSignInAttempt(state: FailureState | null, now: Date, policy: SignInThrottlePolicy): AttemptDecision {
  if (!state || state.failures <= 0) return { allowed: true, failures: 1 };
  // Never negative: a concurrent attempt that took its time before waiting for the lock may
  // find a later attempt's time stored (it is no wait of its own).
  const sinceLast = Math.max(0, (now.getTime() - state.lastFailureAt.getTime()) / 1000);
  if (sinceLast >= policy.forgetAfterSeconds) return { allowed: true, failures: 1 };
  const wait = backOffSeconds(state.failures, policy) - sinceLast;
  if (wait <= 0) return { allowed: true, failures: state.failures + 1 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
}
