import { useTranslation } from 'react-i18next';
import { Toaster as SonnerToaster } from 'sonner';
import { usePreferences } from '../../i18n/use-preferences';

/**
 * Where toasts appear: bottom right (bottom on a phone), so a toast never covers the navbar and
 * its menus. Loaded after the first page (app-layout.tsx): sonner is not needed to draw it, and
 * a toast raised before this mounts is shown when it does (sonner replays the active ones).
 *
 * Keyboard (issue 15): a toast's buttons are in the tab order, and sonner sends the focus back
 * to where it came from whenever it leaves the toasts, so tabbing past them looped back to the
 * page's last link for as long as a toast showed. The wrapper keeps sonner from seeing focus
 * come and go: Tab simply moves on, as everywhere else.
 */
export default function Toaster() {
  const { t } = useTranslation();
  const { theme } = usePreferences();
  return (
    <div onFocusCapture={(event) => event.stopPropagation()} onBlurCapture={(event) => event.stopPropagation()}>
      <SonnerToaster
        closeButton
        position="bottom-right"
        theme={theme}
        // The toasts' region and close buttons are named in the page's language (sonner's own words are English).
        containerAriaLabel={t('toasts.region')}
        toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
      />
    </div>
  );
}
