import type { ReactNode, SVGProps } from 'react';

// The navbar's five icons, drawn inline from lucide's shapes (ISC licence): the navbar is in
// the first load of every page, and lucide-react's icons travel with the pages in one chunk of
// their own (vite.config.ts), which the first load does not fetch (decision 021).

function NavIcon({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" {...props}>
      {children}
    </svg>
  );
}

export function LogOutIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <NavIcon {...props}>
      <path d="m16 17 5-5-5-5" />
      <path d="M21 12H9" />
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    </NavIcon>
  );
}

export function MenuIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <NavIcon {...props}>
      <path d="M4 5h16" />
      <path d="M4 12h16" />
      <path d="M4 19h16" />
    </NavIcon>
  );
}

export function UserIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <NavIcon {...props}>
      <path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2" />
      <circle cx="12" cy="7" r="4" />
    </NavIcon>
  );
}

export function ChevronDownIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <NavIcon {...props}>
      <path d="m6 9 6 6 6-6" />
    </NavIcon>
  );
}

export function BellIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <NavIcon {...props}>
      <path d="M10.268 21a2 2 0 0 0 3.464 0" />
      <path d="M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326" />
    </NavIcon>
  );
}
