import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { Button } from '../ui/button';
import { MenuSection } from '../ui/dropdown-menu';
import { Sheet, SheetClose, SheetContent } from '../ui/sheet';
import type { NavLink } from './nav-items';
import { ThemeSelect } from './preferences-controls';

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

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  signedIn: boolean;
  homeTo: string;
  rewards: NavLink | null;
  signedInLinks: readonly NavLink[];
  publicLinks: readonly NavLink[];
  badges: Record<string, ReactNode>;
  onSignOut: () => void;
}

/**
 * The side menu of a phone. Loaded when it is first wanted (navbar.tsx), not with the first
 * page: it brings Radix's dialog (focus trap, scroll lock), which the pages' own dialogs share.
 * Closing it gives the focus back to the button that opened it.
 */
export default function MobileMenu({ open, onOpenChange, signedIn, homeTo, rewards, signedInLinks, publicLinks, badges, onSignOut }: MobileMenuProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent title={t('nav.menu')} description={t('nav.siteNavigation')} closeLabel={t('nav.closeMenu')}>
        <MenuSection title={t('nav.navigation')}>
          <SheetLink to={homeTo} label={t('nav.home')} />
          {rewards ? <SheetLink to={rewards.to} label={t(rewards.label)} accent /> : null}
          {signedInLinks.map((l) => (
            <SheetLink key={l.to} to={l.to} label={t(l.label)} badge={badges[l.to]} />
          ))}
        </MenuSection>
        <MenuSection title={t('nav.public')}>
          {publicLinks.map((l) => (
            <SheetLink key={l.to} to={l.to} label={t(l.label)} />
          ))}
        </MenuSection>
        <MenuSection title={t('nav.account')}>
          {signedIn ? (
            <>
              <SheetLink to="/profile" label={t('nav.profile')} />
              <SheetLink to="/notifications" label={t('nav.notifications')} badge={badges['/notifications']} />
              <SheetClose asChild>
                <Button variant="outline" className="mt-2 justify-start" onClick={onSignOut}>
                  <LogOut className="h-4 w-4" aria-hidden="true" /> {t('nav.signOut')}
                </Button>
              </SheetClose>
            </>
          ) : (
            <SheetClose asChild>
              <Button asChild variant="accent" className="mt-2">
                <Link to="/auth">{t('nav.join')}</Link>
              </Button>
            </SheetClose>
          )}
        </MenuSection>
        <MenuSection title={t('nav.display')}>
          <ThemeSelect id="menu-theme" />
        </MenuSection>
      </SheetContent>
    </Sheet>
  );
}
