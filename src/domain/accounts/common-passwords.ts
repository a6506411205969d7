/**
 * Common and breached passwords are refused (issue 32, NIST SP 800-63B §5.1.1.2) at sign-up,
 * reset and change. The list itself is the server's (src/server/features/account-password/
 * common-passwords.service.ts); the rule takes it as an argument.
 */
export const COMMON_PASSWORD = {
  code: 'PASSWORD_TOO_COMMON',
  message: 'This password is too common or has appeared in data breaches. Choose another.',
} as const;

/** The list as the rule reads it: every entry lower-cased and trimmed. */
export function commonPasswordSet(entries: Iterable<string>): ReadonlySet<string> {
  const set = new Set<string>();
  for (const entry of entries) {
    const word = entry.trim().toLowerCase();
    if (word) set.add(word);
  }
  return set;
}

/**
 * Whether a password is on the list: compared without case and without the spaces around it
 * ("Password1 " is "password1"), since changing those adds nothing a guesser does not try.
 */
export function isCommonPassword(password: string, common: ReadonlySet<string>): boolean {
  const word = password.trim().toLowerCase();
  return word.length > 0 && common.has(word);
}
