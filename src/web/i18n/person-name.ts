import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FORMER_MEMBER_NAME } from '../../domain/profiles/profile-types';

/**
 * A person's name as the page shows it: the server names a deleted or hidden account
 * FORMER_MEMBER_NAME, which the page says in its own language; every other name as written.
 */
export function usePersonName(): (name: string) => string {
  const { t } = useTranslation();
  return useCallback((name: string) => (name === FORMER_MEMBER_NAME ? t('formerMember') : name), [t]);
}
