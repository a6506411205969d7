import { relyingParty } from '../../../domain/accounts/passkeys';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Settings } from '../../settings';
import type { PasskeyDeps } from './passkeys.service';

/** The name an authenticator shows beside a passkey of this app. */
export const RP_NAME = 'Graduated Unanimous Caucus';

/**
 * The passkeys' dependencies from the settings: the relying party is BASE_URL's hostname, and a
 * ceremony may come from BASE_URL's origin or another trusted one (the app's own origins).
 */
export function passkeyDepsFrom(
  db: Db,
  clock: Clock,
  settings: Pick<Settings, 'BASE_URL' | 'PASSKEYS_PER_USER_MAX' | 'PASSKEY_CHALLENGE_SECONDS'>,
  origins: readonly string[],
): PasskeyDeps & { secureCookies: boolean } {
  const rp = relyingParty(settings.BASE_URL, origins);
  return {
    db,
    clock,
    rp: { id: rp.rpId, origins: rp.origins, name: RP_NAME },
    limits: {
      perUser: settings.PASSKEYS_PER_USER_MAX,
      challengeSeconds: settings.PASSKEY_CHALLENGE_SECONDS,
    },
    secureCookies: new URL(settings.BASE_URL).protocol === 'https:',
  };
}
