import { dictionary } from '@zxcvbn-ts/language-common';
import { commonPasswordSet, isCommonPassword } from '../../../domain/accounts/common-passwords';

let loaded: ReadonlySet<string> | undefined;

/**
 * The common and breached passwords the app refuses (issue 32, decision 052): zxcvbn-ts's
 * `passwords-common` list (49,233 entries, shipped with the app, no network), read into a Set
 * once, on first use. Server only: the web bundle never carries it.
 */
export function commonPasswords(): ReadonlySet<string> {
  loaded ??= commonPasswordSet(dictionary['passwords-common'] as readonly string[]);
  return loaded;
}

/** Whether the app refuses this password as common or breached. */
export const isRefusedAsCommon = (password: string): boolean => isCommonPassword(password, commonPasswords());
