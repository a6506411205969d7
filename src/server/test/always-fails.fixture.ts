// Run only by keep-exit-code.test.ts, in a Vitest of its own: a test that fails.
import { expect, it } from 'vitest';

it('fails on purpose', () => {
  expect(1 + 1).toBe(3);
});
