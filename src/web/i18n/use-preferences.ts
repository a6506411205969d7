import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language, type Theme } from '../../domain/i18n/languages';
import type { OwnProfile } from '../../domain/profiles/profile-types';
import { api } from '../api/http';
import { SESSION_KEY, useSession } from '../features/session/use-session';
import { showLanguage, showTheme } from './page-preferences';
import { InitialThemeContext } from './preferences-context';

/** Themes shown and chosen in every tab of this page at once (the switch in the menu and on the profile). */
const themeListeners = new Set<(theme: Theme) => void>();
let currentTheme: Theme | null = null;

/**
 * The page's language and theme, and how to change them (issue 15): at once on this page (and
 * in its cookie, so the server speaks the same), and in the person's profile when signed in.
 */
export function usePreferences() {
  const { i18n, t } = useTranslation();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const initialTheme = useContext(InitialThemeContext);
  const [theme, setThemeState] = useState<Theme>(currentTheme ?? initialTheme);
  useEffect(() => {
    themeListeners.add(setThemeState);
    return () => void themeListeners.delete(setThemeState);
  }, []);
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;

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
  for (const listener of themeListeners) listener(theme);
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
