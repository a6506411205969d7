import { describe, expect, it } from 'vitest';
import { backOffSeconds, decideSignInAttempt, type SignInThrottlePolicy } from './back-off';

const policy: SignInThrottlePolicy = { freeFailures: 5, baseSeconds: 60, maxSeconds: 3600, forgetAfterSeconds: 86_400 };

describe('backOffSeconds', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 60],
    [6, 120],
    [7, 240],
    [8, 480],
    [9, 960],
    [10, 1920],
    [11, 3600],
    [12, 3600],
    [1000, 3600],
    [1e9, 3600],
  ])('after %i failures waits %i s', (failures, seconds) => {
    expect(backOffSeconds(failures, policy)).toBe(seconds);
  });

  it('allows no free failure when freeFailures is 0', () => {
    expect(backOffSeconds(0, { freeFailures: 0, baseSeconds: 10, maxSeconds: 100 })).toBe(10);
    expect(backOffSeconds(1, { freeFailures: 0, baseSeconds: 10, maxSeconds: 100 })).toBe(20);
  });
});

describe('decideSignInAttempt', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  it.each([
    ['no failures', null, { allowed: true, failures: 1 }],
    ['a zero row', { failures: 0, lastFailureAt: ago(0) }, { allowed: true, failures: 1 }],
    ['4 failures just now', { failures: 4, lastFailureAt: ago(0) }, { allowed: true, failures: 5 }],
    ['5 failures just now', { failures: 5, lastFailureAt: ago(0) }, { allowed: false, retryAfterSeconds: 60 }],
    ['5 failures 59.5 s ago', { failures: 5, lastFailureAt: ago(59.5) }, { allowed: false, retryAfterSeconds: 1 }],
    ['5 failures 60 s ago', { failures: 5, lastFailureAt: ago(60) }, { allowed: true, failures: 6 }],
    ['6 failures 60 s ago', { failures: 6, lastFailureAt: ago(60) }, { allowed: false, retryAfterSeconds: 60 }],
    ['7 failures 10 s ago', { failures: 7, lastFailureAt: ago(10) }, { allowed: false, retryAfterSeconds: 230 }],
    ['50 failures just now', { failures: 50, lastFailureAt: ago(0) }, { allowed: false, retryAfterSeconds: 3600 }],
    ['50 failures an hour ago', { failures: 50, lastFailureAt: ago(3600) }, { allowed: true, failures: 51 }],
    ['50 failures a day ago (forgotten)', { failures: 50, lastFailureAt: ago(86_400) }, { allowed: true, failures: 1 }],
    // A concurrent attempt may find a later attempt's time stored (it read the clock before the lock).
    ['3 failures, the last 0.2 s in this attempt’s future', { failures: 3, lastFailureAt: ago(-0.2) }, { allowed: true, failures: 4 }],
    ['5 failures, the last 0.2 s in this attempt’s future', { failures: 5, lastFailureAt: ago(-0.2) }, { allowed: false, retryAfterSeconds: 60 }],
  ])('%s', (_label, state, decision) => {
    expect(decideSignInAttempt(state, now, policy)).toEqual(decision);
  });
});
