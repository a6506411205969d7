import { describe, expect, it } from 'vitest';
import { referralLink } from './referral-link';

describe('referralLink', () => {
  it.each([
    ['http://localhost:3000', 'abc', 'http://localhost:3000/auth?ref=abc'],
    ['https://caucus.example.org/', '0b7c9a2e-1111-4222-8333-444455556666', 'https://caucus.example.org/auth?ref=0b7c9a2e-1111-4222-8333-444455556666'],
    ['https://caucus.example.org', 'a b', 'https://caucus.example.org/auth?ref=a%20b'],
  ])('%s and %s give %s', (baseUrl, id, expected) => expect(referralLink(baseUrl, id)).toBe(expected));
});
