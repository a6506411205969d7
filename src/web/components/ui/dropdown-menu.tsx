import { ChevronDownIcon } from './nav-icons';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A navbar dropdown: a button that shows or hides a list of links, the WAI-ARIA "disclosure
 * navigation menu" pattern (a button with aria-expanded and aria-controls, then plain links),
 * which suits site navigation better than an application menu. Escape or a click elsewhere
 * closes it (Escape gives the focus back to the button), as does focus leaving it or following
 * a link; the arrow keys move between the button and the links. Written here rather than with
 * Radix's DropdownMenu: the navbar is in the first load of every page, and Radix's menu with
 * its positioning library weighed ~20 kB gzipped there (decision 021).
 */
export function NavDropdown({ label, items, badge }: { label: string; items: Array<{ to: string; label: string; badge?: ReactNode }>; badge?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  const links = () => Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) {
      setOpen(true);
      // The links render on the next frame: focus the first (or last) once they are there.
      requestAnimationFrame(() => (event.key === 'ArrowDown' ? links()[0] : links().at(-1))?.focus());
      return;
    }
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === 'ArrowDown' ? (at + 1) % all.length : at <= 0 ? all.length - 1 : at - 1;
    all[next]?.focus();
  };

  return (
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
        className="inline-flex h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-expanded:bg-slate-100"
      >
        {label}
        {badge}
        <ChevronDownIcon className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
      </button>
      <ul id={listId} aria-label={label} hidden={!open} className="absolute top-full left-0 z-50 mt-1.5 min-w-44 rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={() => setOpen(false)}
              className="block rounded-md px-3 py-2 text-sm text-slate-800 outline-none hover:bg-navy-50 focus-visible:bg-navy-50 focus-visible:ring-2 focus-visible:ring-navy-600"
            >
              {item.label}
              {item.badge}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function MenuSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-5">
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <div className="flex flex-col">{children}</div>
    </section>
  );
}
