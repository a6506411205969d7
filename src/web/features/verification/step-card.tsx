import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../components/ui/class-names';

/** One numbered step of the verification, marked done when the server says so. */
export function StepCard({ step, title, description, done, children }: { step: number; title: string; description: ReactNode; done: boolean; children: ReactNode }) {
  const { t } = useTranslation('verification');
  const headingId = `verification-step-${step}`;
  return (
    <Card className={cn(done && 'border-green-200')}>
      <CardHeader>
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className={cn(
              'flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold',
              done ? 'bg-green-100 text-green-800' : 'bg-navy-100 text-navy-800',
            )}
          >
            {done ? <CheckCircle2 className="h-5 w-5" /> : step}
          </span>
          <div className="min-w-0 space-y-1">
            <CardTitle id={headingId}>{t('stepCard.title', { step, title })}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}

/** A short status line ("Paid", "In progress"…) announced politely. */
export function StatusLine({ tone, children }: { tone: 'success' | 'info' | 'warning'; children: ReactNode }) {
  const tones = {
    success: 'bg-green-50 text-green-800 border-green-200',
    info: 'bg-navy-50 text-navy-800 border-navy-100',
    warning: 'bg-amber-50 text-amber-900 border-amber-200',
  } as const;
  return <p className={cn('rounded-lg border px-3 py-2 text-sm', tones[tone])}>{children}</p>;
}
