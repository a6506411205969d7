import { LogOut, Menu, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { Button } from '../ui/button';
import { MenuSection, NavDropdown } from '../ui/dropdown-menu';
import { Sheet, SheetClose, SheetContent, SheetTrigger } from '../ui/sheet';
import { Skeleton } from '../ui/skeleton';
import { useSession, useSignOut } from '../../features/session/use-session';
import { UnreadBadge, useUnreadMessages } from '../../features/messages/unread-badge';
import { NAV, built, type NavLink } from './nav-items';

function Dropdown({ label, links, badges }: { label: string; links: readonly NavLink[]; badges?: Record<string, ReactNode> }) {
  const shown = built(links).map((l) => ({ ...l, badge: badges?.[l.to] }));
  return shown.length ? <NavDropdown label={label} items={shown} badge={shown.find((l) => l.badge)?.badge} /> : null;
}

/**
 * One link of the side menu. Its classes are a plain string: SheetClose's `asChild` (a Radix
 * Slot) joins its own className with the child's, and a className function was joined as its
 * source text, so every class of both branches applied and every link turned orange. The
 * current page is marked by NavLink's `aria-current="page"`, styled through `aria-[current=page]:`.
 */
function SheetLink({ to, label, accent = false, badge }: { to: string; label: string; accent?: boolean; badge?: ReactNode }) {
  return (
    <SheetClose asChild>
      <RouterNavLink
        to={to}
        end
        className={
          accent
            ? // The Rewards button: orange here as on the desktop bar.
              'rounded-md bg-accent-700 px-2 py-2 text-base font-semibold text-white hover:bg-accent-800 aria-[current=page]:ring-2 aria-[current=page]:ring-accent-500 aria-[current=page]:ring-offset-1'
            : 'rounded-md border-l-4 border-transparent px-2 py-2 text-base text-slate-800 hover:bg-slate-100 aria-[current=page]:border-navy-700 aria-[current=page]:bg-navy-50 aria-[current=page]:font-semibold aria-[current=page]:text-navy-900'
        }
      >
        {label}
        {badge}
      </RouterNavLink>
    </SheetClose>
  );
}

export function Navbar() {
  const { user, isLoading } = useSession();
  const signOut = useSignOut();
  // The unread private messages on the Messages entry (and its Connections menu), live.
  const unread = useUnreadMessages(user?.id ?? null);
  const badges: Record<string, ReactNode> = { '/messages': <UnreadBadge count={unread} /> };
  const isChampion = user?.badgeNames.includes('Champion') ?? false;
  const showRewards = !!user && !isChampion && NAV.rewards.built;
  const signedInGroups = user ? [...built(NAV.caucuses), ...built(NAV.connections)] : [];
  const publicLinks = [...built(NAV.engage), ...built(NAV.stats), NAV.resources];

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <Link to={user ? '/home' : '/'} className="mr-auto flex shrink-0 items-center gap-2 font-bold whitespace-nowrap text-navy-800">
          <img src="/favicon.svg" alt="" className="h-8 w-8" />
          <span className="hidden xl:inline">Graduated Unanimous Caucus</span>
          <span className="xl:hidden">GU Caucus</span>
        </Link>

        {isLoading ? (
          <div className="flex items-center gap-2" role="status" aria-label="Loading navigation">
            <Skeleton className="h-8 w-24" />
            <Skeleton className="hidden h-8 w-24 md:block" />
            <Skeleton className="hidden h-8 w-24 md:block" />
          </div>
        ) : (
          <>
            <div className="hidden items-center gap-1 whitespace-nowrap md:flex">
              {showRewards ? (
                <Button asChild variant="accent" size="sm">
                  <Link to={NAV.rewards.to}>{NAV.rewards.label}</Link>
                </Button>
              ) : null}
              {user ? (
                <>
                  <Dropdown label="Caucuses" links={NAV.caucuses} />
                  <Dropdown label="Connections" links={NAV.connections} badges={badges} />
                </>
              ) : null}
              <Dropdown label="Engage" links={NAV.engage} />
              <Dropdown label="Stats" links={NAV.stats} />
              <Button asChild variant="ghost" size="md">
                <Link to={NAV.resources.to}>{NAV.resources.label}</Link>
              </Button>
              {user ? (
                <>
                  <Button asChild variant="ghost">
                    <Link to="/profile">
                      <User className="h-4 w-4" aria-hidden="true" /> Profile
                    </Link>
                  </Button>
                  <Button variant="outline" onClick={() => void signOut()}>
                    <LogOut className="h-4 w-4" aria-hidden="true" /> Sign Out
                  </Button>
                </>
              ) : (
                <Button asChild variant="accent">
                  <Link to="/auth">Join the Revolution</Link>
                </Button>
              )}
            </div>

            <Sheet>
              <SheetTrigger asChild>
                <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
                  <Menu className="h-6 w-6" aria-hidden="true" />
                </Button>
              </SheetTrigger>
              <SheetContent title="Menu">
                <MenuSection title="Navigation">
                  <SheetLink to={user ? '/home' : '/'} label="Home" />
                  {showRewards ? <SheetLink to={NAV.rewards.to} label={NAV.rewards.label} accent /> : null}
                  {signedInGroups.map((l) => (
                    <SheetLink key={l.to} to={l.to} label={l.label} badge={badges[l.to]} />
                  ))}
                </MenuSection>
                <MenuSection title="Public">
                  {publicLinks.map((l) => (
                    <SheetLink key={l.to} to={l.to} label={l.label} />
                  ))}
                </MenuSection>
                <MenuSection title="Account">
                  {user ? (
                    <>
                      <SheetLink to="/profile" label="Profile" />
                      <SheetClose asChild>
                        <Button variant="outline" className="mt-2 justify-start" onClick={() => void signOut()}>
                          <LogOut className="h-4 w-4" aria-hidden="true" /> Sign Out
                        </Button>
                      </SheetClose>
                    </>
                  ) : (
                    <SheetClose asChild>
                      <Button asChild variant="accent" className="mt-2">
                        <Link to="/auth">Join the Revolution</Link>
                      </Button>
                    </SheetClose>
                  )}
                </MenuSection>
              </SheetContent>
            </Sheet>
          </>
        )}
      </nav>
    </header>
  );
}
