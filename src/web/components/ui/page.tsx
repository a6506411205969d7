import type { ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from './card';
import { cn } from './class-names';

export function Page({ title, subtitle, actions, children, className }: { title?: string; subtitle?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={cn('mx-auto w-full max-w-5xl px-4 py-6 md:py-10', className)}>
      {title ? (
        <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold text-navy-900 md:text-3xl">{title}</h1>
            {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
          </div>
          {actions}
        </header>
      ) : null}
      {children}
    </div>
  );
}

/** A full-width error card with actions (e.g. Retry). */
export function ErrorState({ title, message, children }: { title: string; message?: string; children?: ReactNode }) {
  return (
    <Card className="mx-auto max-w-lg border-red-200" role="alert">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-red-800">
          <AlertTriangle className="h-5 w-5" aria-hidden="true" /> {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {message ? <p className="text-sm text-slate-700">{message}</p> : null}
        <div className="flex flex-wrap gap-2">{children}</div>
      </CardContent>
    </Card>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">{children}</p>;
}

