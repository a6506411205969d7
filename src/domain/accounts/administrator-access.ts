/**
 * Administrators need a second factor (issue 32, PRODUCT-RULES "Accounts and running the app"):
 * an administrator without two-step sign-in and without a passkey reaches no administrator page
 * or action until one of them is set up.
 */
export interface AdministratorFactors {
  isAdministrator: boolean;
  twoFactorEnabled: boolean;
  passkeys: number;
}

export type AdministratorAccess = 'allowed' | 'not_administrator' | 'second_factor_required';

export const SECOND_FACTOR_REQUIRED = {
  code: 'second_factor_required',
  message: 'Turn on two-step sign-in or add a passkey to use the administrator tools.',
} as const;

/** Whether someone may use the administrator tools now. */
export function administratorAccess(f: AdministratorFactors): AdministratorAccess {
  if (!f.isAdministrator) return 'not_administrator';
  return f.twoFactorEnabled || f.passkeys > 0 ? 'allowed' : 'second_factor_required';
}
