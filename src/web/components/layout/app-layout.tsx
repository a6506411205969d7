import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigationType } from 'react-router';
// sonner's CSS as part of our stylesheet: the build stops sonner from adding it as a <style> (vite.config.ts).
import 'sonner/dist/styles.css';
import { takeFlash, useSession } from '../../features/session/use-session';
import { useFormat } from '../../i18n/format';
import { useSavedPreferences } from '../../i18n/use-preferences';
import { PageSkeleton } from '../ui/skeleton';
import { Navbar } from './navbar';
import { RouteErrorBoundary } from './route-error';

// sonner (~10 kB gzipped, in the UI kit's chunk) is not in the first load: the toaster and a flash come after it.
const Toaster = lazy(() => import('./toaster'));

/**
 * Whether the toaster is wanted yet: from the first press of a key or a pointer, the first move
 * to another page, or a flash to show. Toasts answer what people do; a first visit that only
 * reads (most of them, to /) then never fetches sonner and the UI kit (issue 29: the first load
 * of / within 200 kB). A toast raised before the toaster mounts is shown when it does (sonner
 * replays the active ones), so the toaster is mounted in the same press that raises it.
 */
function useToasterWanted(pathname: string, hasFlash: boolean): boolean {
  const [firstPath] = useState(pathname);
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    if (pressed) return;
    const press = () => setPressed(true);
    const options = { capture: true, once: true, passive: true } as const;
    window.addEventListener('pointerdown', press, options);
    window.addEventListener('keydown', press, options);
    return () => {
      window.removeEventListener('pointerdown', press, options);
      window.removeEventListener('keydown', press, options);
    };
  }, [pressed]);
  return pressed || hasFlash || pathname !== firstPath;
}

/** A new page starts at its top; back and forward keep the browser's own scroll restoration. */
function useScrollToTopOnNavigation(pathname: string) {
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // A signed-in person's saved language and theme win over this browser's (issue 15).
  useSavedPreferences();
  useScrollToTopOnNavigation(pathname);
  const [drawn, setDrawn] = useState(false);
  const [hasFlash, setHasFlash] = useState(false);
  const toasterWanted = useToasterWanted(pathname, hasFlash);
  useEffect(() => {
    setDrawn(true);
    // When the app has drawn or adopted its first page and answers input (npm run bench:web reads it).
    performance.mark('app-ready');
  }, []);
  useEffect(() => {
    const flash = takeFlash();
    if (!flash) return;
    setHasFlash(true);
    void import('sonner').then(({ toast }) => toast.success(flash.title, { description: flash.description }));
  }, []);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t('skipToContent')}
      </a>
      <Navbar />
      <SuspensionNotice />
      <main id="main" className="flex-1">
        <RouteErrorBoundary key={pathname}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm text-slate-600">
          <p>{t('footer.tagline')}</p>
          <nav aria-label={t('footer.label')} className="flex gap-4">
            <Link to="/the-movement" className="hover:text-navy-700">
              {t('nav.theMovement')}
            </Link>
            <Link to="/resources" className="hover:text-navy-700">
              {t('nav.resources')}
            </Link>
          </nav>
        </div>
      </footer>
      {drawn && toasterWanted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </div>
  );
}

/** A suspended member (issue 14) reads everything; this says why nothing they send goes through, and until when. */
function SuspensionNotice() {
  const { t } = useTranslation();
  const format = useFormat();
  const { user } = useSession();
  if (!user?.suspendedUntil) return null;
  const until = format.dateTime(user.suspendedUntil, 'long');
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50">
      <p className="mx-auto max-w-6xl px-4 py-2 text-sm text-amber-950">
        {user.suspensionReason ? t('suspension.noticeWithReason', { until, reason: user.suspensionReason }) : t('suspension.notice', { until })}
      </p>
    </div>
  );
}
