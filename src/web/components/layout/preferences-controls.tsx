import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, THEMES, type Theme } from '../../../domain/i18n/languages';
import { usePreferences } from '../../i18n/use-preferences';
import { buttonClassName } from '../ui/button-styles';
import { cn } from '../ui/class-names';

/**
 * The navbar's language switch (issue 15): names the other language in that language
 * ("Español" on an English page), so a reader who does not read this one still finds it. On
 * a wide screen, where the whole bar must fit, it shows the language's code ("ES") followed by
 * the full name for screen readers only: its accessible name ("ES Español") holds the text it
 * shows, as WCAG 2.5.3 (Label in Name) asks, so a voice user can say what they see (issue 29).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { language, setLanguage } = usePreferences();
  const other = LANGUAGES.find((l) => l !== language) ?? language;
  return (
    <button
      type="button"
      lang={other}
      className={buttonClassName({ variant: 'ghost', size: 'sm', className })}
      onClick={() => void setLanguage(other)}
    >
      <span className="xl:hidden">{LANGUAGE_NAMES[other]}</span>
      <span className="hidden xl:inline">
        {other.toUpperCase()}
        <span className="sr-only">
          {' '}
          {LANGUAGE_NAMES[other]}
        </span>
      </span>
    </button>
  );
}

const selectClass = 'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900';

/** A labelled choice of language, for the profile page. */
export function LanguageSelect({ id }: { id?: string }) {
  const { t } = useTranslation();
  const ownId = useId();
  const { language, setLanguage } = usePreferences();
  const selectId = id ?? ownId;
  return (
    <div className="space-y-1">
      <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
        {t('preferences.language')}
      </label>
      <select id={selectId} className={selectClass} value={language} onChange={(e) => void setLanguage(e.target.value as typeof language)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}

const THEME_LABELS = { system: 'preferences.themeSystem', light: 'preferences.themeLight', dark: 'preferences.themeDark' } as const;

/** A labelled choice of light, dark or the device's theme. */
export function ThemeSelect({ id, className }: { id?: string; className?: string }) {
  const { t } = useTranslation();
  const ownId = useId();
  const { theme, setTheme } = usePreferences();
  const selectId = id ?? ownId;
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
        {t('preferences.theme')}
      </label>
      <select id={selectId} className={selectClass} value={theme} onChange={(e) => void setTheme(e.target.value as Theme)}>
        {THEMES.map((th) => (
          <option key={th} value={th}>
            {t(THEME_LABELS[th])}
          </option>
        ))}
      </select>
    </div>
  );
}
