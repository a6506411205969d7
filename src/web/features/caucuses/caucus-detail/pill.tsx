import type { ReactNode } from 'react';
import { cn } from '../../../components/ui/class-names';

/** A small coloured status label: Open, Closed, Election Pending, Delegate … */
export function Pill({ tone, children }: { tone: 'green' | 'slate' | 'navy' | 'amber'; children: ReactNode }) {
  const tones = {
    green: 'bg-green-100 text-green-800',
    slate: 'bg-slate-200 text-slate-800',
    navy: 'bg-navy-100 text-navy-800',
    amber: 'bg-amber-100 text-amber-900',
  } as const;
  return <span className={cn('inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone])}>{children}</span>;
}
