import { cn } from './class-names';

// The looks of a button, apart from the Button component (button.tsx), so that a link or a
// plain <button> can wear them without Radix's Slot: the navbar does, in the first load.

const variants = {
  primary: 'bg-navy-700 text-white hover:bg-navy-800 disabled:bg-navy-300',
  accent: 'bg-accent-700 text-white hover:bg-accent-800 disabled:bg-orange-300',
  outline: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
  destructive: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300',
  link: 'text-navy-700 underline-offset-4 hover:underline px-0',
  inverse: 'border border-white/50 bg-transparent text-white hover:bg-white/10',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export function buttonClassName({ variant = 'primary', size = 'md', className }: { variant?: ButtonVariant; size?: ButtonSize; className?: string }): string {
  return cn('inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors disabled:cursor-not-allowed', variants[variant], sizes[size], className);
}
