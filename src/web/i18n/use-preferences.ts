import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { asLanguage, type Language, type Theme } from '../../domain/i18n/languages';
import type { OwnProfile } from '../../domain/profiles/profile-types';
import { api } from '../api/http';
import { SESSION_KEY, useSession } from '../features/session/use-session';
import { showLanguage, showTheme } from './page-preferences';
import { InitialThemeContext } from './preferences-context';

/**
 * The theme chosen on this page since it loaded (null: still the one it was drawn in), shared by
 * every switch on the page (the menu's, the profile's) as an external store.
 */
let currentTheme: Theme | null = null;
const themeListeners = new Set<() => void>();
const subscribeTheme = (listener: () => void) => {
  themeListeners.add(listener);
  return () => void themeListeners.delete(listener);
};

/**
 * The page's language and theme, and how to change them (issue 15): at once on this page (and
 * in its cookie, so the server speaks the same), and in the person's profile when signed in.
 */
export function usePreferences() {
  const { i18n, t } = useTranslation();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const initialTheme = useContext(InitialThemeContext);
  const theme = useSyncExternalStore(
    subscribeTheme,
    () => currentTheme ?? initialTheme,
    () => initialTheme,
  );
  const language = asLanguage(i18n.language);

  const save = useCallback(
    async (preferences: { language?: Language; theme?: Theme }) => {
      if (!user) return;
      try {
        const profile = await api<OwnProfile>('/api/me/preferences', { method: 'PATCH', json: preferences });
        queryClient.setQueryData(SESSION_KEY, profile);
      } catch (error) {
        const { toast } = await import('sonner');
        toast.error(t('preferences.saveFailed', { message: (error as Error).message }));
      }
    },
    [user, queryClient, t],
  );

  const setLanguage = useCallback(
    async (next: Language) => {
      await showLanguage(i18n, next);
      await save({ language: next });
    },
    [i18n, save],
  );

  const setTheme = useCallback(
    async (next: Theme) => {
      applyTheme(next);
      await save({ theme: next });
    },
    [save],
  );

  return { language, theme, setLanguage, setTheme };
}

function applyTheme(theme: Theme) {
  currentTheme = theme;
  showTheme(theme);
  for (const listener of themeListeners) listener();
}

/**
 * Once the session is known: a signed-in person's saved language and theme replace this
 * browser's (they chose them, on this device or another). Only when they differ, once per
 * person per page load.
 */
export function useSavedPreferences() {
  const { i18n } = useTranslation();
  const { user } = useSession();
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!user || applied.current === user.id) return;
    applied.current = user.id;
    if (user.language !== i18n.language) void showLanguage(i18n, user.language);
    if (user.theme !== (currentTheme ?? document.documentElement.dataset.theme ?? 'system')) applyTheme(user.theme);
  }, [user, i18n]);
}
