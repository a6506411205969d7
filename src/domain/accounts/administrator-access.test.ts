import { describe, expect, it } from 'vitest';
import { administratorAccess, type AdministratorAccess, type AdministratorFactors } from './administrator-access';

describe('administratorAccess', () => {
  const cases: [AdministratorFactors, AdministratorAccess][] = [
    [{ isAdministrator: false, twoFactorEnabled: false, passkeys: 0 }, 'not_administrator'],
    [{ isAdministrator: false, twoFactorEnabled: true, passkeys: 2 }, 'not_administrator'],
    [{ isAdministrator: true, twoFactorEnabled: false, passkeys: 0 }, 'second_factor_required'],
    [{ isAdministrator: true, twoFactorEnabled: true, passkeys: 0 }, 'allowed'],
    [{ isAdministrator: true, twoFactorEnabled: false, passkeys: 1 }, 'allowed'],
    [{ isAdministrator: true, twoFactorEnabled: true, passkeys: 3 }, 'allowed'],
  ];
  it.each(cases)('%o → %s', (factors, expected) => {
    expect(administratorAccess(factors)).toBe(expected);
  });
});
