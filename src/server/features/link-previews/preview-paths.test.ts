import { describe, expect, it } from 'vitest';
import { matchPreviewPath } from './preview-paths';

const ID = '0b5f6f0e-8c1a-4d5e-9f3a-2b7c4d6e8f10';

describe('matchPreviewPath', () => {
  it.each([
    ['/join-caucus/AB12CD', { kind: 'invitation', code: 'AB12CD' }],
    ['/join-caucus/ab12cd', { kind: 'invitation', code: 'AB12CD' }],
    ['/join/ab12cd', { kind: 'invitation', code: 'AB12CD' }],
    ['/join/AB12CD/', { kind: 'invitation', code: 'AB12CD' }],
    ['/JOIN-CAUCUS/AB12CD', { kind: 'invitation', code: 'AB12CD' }],
    [`/caucus/${ID}`, { kind: 'caucus', id: ID }],
    [`/caucus/${ID.toUpperCase()}`, { kind: 'caucus', id: ID }],
    [`/profile/${ID}/`, { kind: 'profile', id: ID }],
    [`/debate/${ID}`, { kind: 'debate', id: ID }],
    ['/badge/og-1k', { kind: 'badge', name: 'og-1k' }],
    ['/badge/Life%20of%20the%20Party', { kind: 'badge', name: 'Life of the Party' }],
    ["/badge/Everyone's%20Favorite", { kind: 'badge', name: "Everyone's Favorite" }],
  ])('%s names %o', (path, target) => {
    expect(matchPreviewPath(path)).toEqual(target);
  });

  it.each([
    ['/', 'the landing page'],
    ['/the-movement', 'a page without an id'],
    ['/profile', 'one’s own profile'],
    ['/join-caucus/AB12C', 'a code too short'],
    ['/join-caucus/AB12CDE', 'a code too long'],
    ['/join-caucus/AB-2CD', 'a code with a dash'],
    ['/join-caucus/%41B12CD%00', 'a code with a NUL'],
    ['/caucus/123', 'an id that is no UUID'],
    [`/caucus/${ID}x`, 'a UUID with more after it'],
    [`/caucus/${ID}/chat`, 'a deeper path'],
    [`/debate/${ID}%00`, 'a UUID and a NUL'],
    ['/profile/%E0%A4%A', 'broken percent-encoding'],
    ['/badge/%00', 'a badge name with a NUL'],
    ['/badge/%20%20', 'a blank badge name'],
    ['/badge/%ED%A0%80', 'a lone surrogate (not UTF-8)'],
    [`/badge/${'x'.repeat(101)}`, 'a badge name longer than any'],
    [`/challenge/${ID}`, 'a page that is not described (members only)'],
    [`/premium-badge/${ID}`, 'a page that is not described'],
  ])('%s names nothing (%s)', (path) => {
    expect(matchPreviewPath(path)).toBeNull();
  });
});
