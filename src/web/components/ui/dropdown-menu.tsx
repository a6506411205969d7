import { DropdownMenu as M } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A navbar dropdown: a trigger button and a list of links. */
export function NavDropdown({ label, items, badge }: { label: string; items: Array<{ to: string; label: string; badge?: ReactNode }>; badge?: ReactNode }) {
  return (
    <M.Root modal={false}>
      <M.Trigger className="inline-flex h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100">
        {label}
        {badge}
        <ChevronDown className="h-4 w-4" aria-hidden="true" />
      </M.Trigger>
      <M.Portal>
        <M.Content align="start" sideOffset={6} className="z-50 min-w-44 rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
          {items.map((item) => (
            <M.Item key={item.to} asChild>
              <Link to={item.to} className="block rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-navy-50">
                {item.label}
                {item.badge}
              </Link>
            </M.Item>
          ))}
        </M.Content>
      </M.Portal>
    </M.Root>
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
