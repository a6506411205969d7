import { BellIcon, LogOutIcon, MenuIcon, UserIcon } from '../ui/nav-icons';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../ui/button-styles';
import { NavDropdown } from '../ui/dropdown-menu';
import { Skeleton } from '../ui/skeleton';
import { useSession, useSignOut } from '../../features/session/use-session';
import { UnreadBadge } from '../../features/messages/unread-badge';
import { unreadLabel } from '../../../domain/social/unread-count';
import { NAV, built, type NavLink } from './nav-items';
import { useHydrated } from '../use-hydrated';
import { LanguageSwitch } from './preferences-controls';

function Dropdown({ label, links, badges }: { label: string; links: readonly NavLink[]; badges?: Record<string, ReactNode> }) {
  const { t } = useTranslation();
  const shown = built(links).map((l) => ({ ...l, label: t(l.label), badge: badges?.[l.to] }));
  return shown.length ? <NavDropdown label={label} items={shown} badge={shown.find((l) => l.badge)?.badge} /> : null;
}

/**
 * The bell: /notifications one tap away at every width (beside the menu button on a phone),
 * with the unread count on it; its name says the count in words ("Notifications, 3 unread").
 */
function NotificationBell({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/notifications"
      aria-label={count > 0 ? t('nav.notificationsUnread', { count: unreadLabel(count) }) : t('nav.notifications')}
      className={buttonClassName({ variant: 'ghost', size: 'icon', className: 'relative shrink-0' })}
    >
      <BellIcon className="h-5 w-5" aria-hidden="true" />
      {count > 0 ? (
        <span aria-hidden="true" className="absolute top-0 right-0 inline-flex min-w-5 items-center justify-center rounded-full bg-accent-700 px-1 text-xs leading-5 font-semibold text-white">
          {unreadLabel(count)}
        </span>
      ) : null}
    </Link>
  );
}

/** The side menu's code, fetched when a phone first reaches for it. */
const loadMobileMenu = () => import('./mobile-menu');
const preloadMobileMenu = () => void loadMobileMenu().catch(() => undefined);
const MobileMenu = lazy(loadMobileMenu);
const UnreadWatcher = lazy(() => import('../../features/messages/unread-watcher'));

export function Navbar() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  const signOut = useSignOut();
  // The live message stream opens in the browser, once the page is the app's (use-hydrated.ts).
  const hydrated = useHydrated();
  // The unread private messages on the Messages entry (and its Connections menu), and the
  // unread notifications on the bell, live.
  const [unreadCount, setUnread] = useState(0);
  const [notificationCount, setNotificationCount] = useState(0);
  const unread = user ? unreadCount : 0;
  const notifications = user ? notificationCount : 0;
  const badges: Record<string, ReactNode> = {
    '/messages': <UnreadBadge count={unread} />,
    '/notifications': <UnreadBadge count={notifications} of="notification" />,
  };
  const isChampion = user?.badgeNames.includes('Champion') ?? false;
  const showRewards = !!user && !isChampion && NAV.rewards.built;
  const signedInGroups = user ? [...built(NAV.caucuses), ...built(NAV.connections)] : [];
  const publicLinks = [...built(NAV.engage), ...built(NAV.stats), NAV.resources];
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      {user && hydrated ? (
        <Suspense fallback={null}>
          <UnreadWatcher userId={user.id} onMessageCount={setUnread} onNotificationCount={setNotificationCount} />
        </Suspense>
      ) : null}
      <nav aria-label={t('nav.main')} className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <Link to={user ? '/home' : '/'} className="mr-auto flex shrink-0 items-center gap-2 font-bold whitespace-nowrap text-navy-800">
          <img src="/favicon.svg" alt="" className="h-8 w-8" />
          {/* The full name only where the whole bar still fits beside it (Spanish words are longer). */}
          <span className="hidden 2xl:inline">{t('appName')}</span>
          <span className="2xl:hidden">{t('appShortName')}</span>
        </Link>

        {isLoading ? (
          <div className="flex items-center gap-2" role="status" aria-label={t('nav.loading')}>
            <Skeleton className="h-8 w-24" />
            <Skeleton className="hidden h-8 w-24 xl:block" />
            <Skeleton className="hidden h-8 w-24 xl:block" />
          </div>
        ) : (
          <>
            <div className="hidden items-center gap-1 whitespace-nowrap xl:flex">
              {showRewards ? (
                <Link to={NAV.rewards.to} className={buttonClassName({ variant: 'accent', size: 'sm' })}>{t(NAV.rewards.label)}</Link>
              ) : null}
              {user ? (
                <>
                  <Dropdown label={t('nav.caucuses')} links={NAV.caucuses} />
                  <Dropdown label={t('nav.connections')} links={NAV.connections} badges={badges} />
                </>
              ) : null}
              <Dropdown label={t('nav.engage')} links={NAV.engage} />
              <Dropdown label={t('nav.stats')} links={NAV.stats} />
              <Link to={NAV.resources.to} className={buttonClassName({ variant: 'ghost', size: 'md' })}>{t(NAV.resources.label)}</Link>
              {user ? (
                <>
                  <Link to="/profile" className={buttonClassName({ variant: 'ghost' })}>
                      <UserIcon className="h-4 w-4" aria-hidden="true" /> {t('nav.profile')}
                    </Link>
                  <button type="button" className={buttonClassName({ variant: 'outline' })} onClick={() => void signOut()}>
                    <LogOutIcon className="h-4 w-4" aria-hidden="true" /> {t('nav.signOut')}
                  </button>
                </>
              ) : (
                <Link to="/auth" className={buttonClassName({ variant: 'accent' })}>{t('nav.join')}</Link>
              )}
            </div>

            {user ? <NotificationBell count={notifications} /> : null}
            <LanguageSwitch className="shrink-0" />
            <button
              type="button"
              className={buttonClassName({ variant: 'ghost', size: 'icon', className: 'xl:hidden' })}
              aria-label={t('nav.openMenu')}
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              // The side menu's code (with Radix's dialog, the UI kit's chunk) is fetched when a
              // pointer comes near or presses the button, or the keyboard reaches it: not with
              // every first visit, most of which never open it (issue 29: the first load's bytes).
              onPointerEnter={preloadMobileMenu}
              onPointerDown={preloadMobileMenu}
              onFocus={preloadMobileMenu}
              onClick={() => {
                setMenuWanted(true);
                setMenuOpen(true);
              }}
            >
              <MenuIcon className="h-6 w-6" aria-hidden="true" />
            </button>
            {menuWanted ? (
              <Suspense fallback={null}>
                <MobileMenu
                  open={menuOpen}
                  onOpenChange={setMenuOpen}
                  signedIn={!!user}
                  homeTo={user ? '/home' : '/'}
                  rewards={showRewards ? NAV.rewards : null}
                  signedInLinks={signedInGroups}
                  publicLinks={publicLinks}
                  badges={badges}
                  onSignOut={() => void signOut()}
                />
              </Suspense>
            ) : null}
          </>
        )}
      </nav>
    </header>
  );
}
