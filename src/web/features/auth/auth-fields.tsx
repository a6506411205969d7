import { AlertCircle, CheckCircle2, Info, Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, type InputHTMLAttributes, type MouseEvent, type ReactNode, type SelectHTMLAttributes } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { cn } from '../../components/ui/class-names';
import { FieldError, Input, Label, Select } from '../../components/ui/form-controls';

/**
 * A field's problem: a message shown under it, or `true` when it is only missing (the
 * form's summary "Please fill in all required fields" says so once, above the fields).
 */
export type FieldProblem = string | true | undefined;

interface FieldChrome {
  label: string;
  problem?: FieldProblem;
  hint?: string;
  /** The id of the form's summary alert, referenced by missing fields. */
  summaryId?: string;
}

function useFieldIds(problem: FieldProblem, hint: string | undefined, summaryId: string | undefined) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [typeof problem === 'string' ? errorId : null, problem === true ? summaryId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return { id, errorId, hintId, describedBy: describedBy || undefined, invalid: problem ? true : undefined };
}

export function TextField({ label, problem, hint, summaryId, className, ...props }: FieldChrome & InputHTMLAttributes<HTMLInputElement>) {
  const ids = useFieldIds(problem, hint, summaryId);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={ids.id}>{label}</Label>
      <Input id={ids.id} aria-invalid={ids.invalid} aria-describedby={ids.describedBy} {...props} />
      {hint ? (
        <p id={ids.hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.errorId}>{typeof problem === 'string' ? problem : undefined}</FieldError>
    </div>
  );
}

export function SelectField({ label, problem, hint, summaryId, className, children, ...props }: FieldChrome & SelectHTMLAttributes<HTMLSelectElement>) {
  const ids = useFieldIds(problem, hint, summaryId);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={ids.id}>{label}</Label>
      <Select id={ids.id} aria-invalid={ids.invalid} aria-describedby={ids.describedBy} {...props}>
        {children}
      </Select>
      {hint ? (
        <p id={ids.hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.errorId}>{typeof problem === 'string' ? problem : undefined}</FieldError>
    </div>
  );
}

const tones = {
  error: { box: 'border-red-200 bg-red-50 text-red-800', Icon: AlertCircle },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', Icon: AlertCircle },
  success: { box: 'border-green-200 bg-green-50 text-green-800', Icon: CheckCircle2 },
  info: { box: 'border-navy-100 bg-navy-50 text-navy-800', Icon: Info },
} as const;

export type Tone = keyof typeof tones;
export interface Notice {
  tone: Tone;
  text: string;
}

/** A message box inside a form; errors are announced as alerts, the rest politely. */
export function FormAlert({ id, tone = 'error', children }: { id?: string; tone?: Tone; children: ReactNode }) {
  const { box, Icon } = tones[tone];
  return (
    <div id={id} role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'} className={cn('flex items-start gap-2 rounded-lg border p-3 text-sm', box)}>
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}

/** The form's submit button: disabled with a spinner and `pendingLabel` while busy. */
export function SubmitButton({ pending, label, pendingLabel, variant = 'primary' }: { pending: boolean; label: string; pendingLabel: string; variant?: 'primary' | 'accent' }) {
  return (
    <Button type="submit" variant={variant} size="lg" className="w-full" disabled={pending} aria-disabled={pending}>
      {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
      {pending ? pendingLabel : label}
    </Button>
  );
}

/**
 * One view of the auth page: a card whose title is the page's heading. The heading takes
 * focus when the view was reached from another one, so keyboard and screen-reader users
 * land on the new content.
 */
export function AuthCard({ title, description, focusTitle, children }: { title: string; description?: ReactNode; focusTitle?: boolean; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <Card>
      <CardHeader>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-navy-900 focus:outline-none">
          {title}
        </h1>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}

/** Moves focus to the first field marked invalid inside `form`. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * A link that also works without JavaScript: once the page's code runs, a plain click stays
 * in the page (`inPage`) instead of loading the link's address.
 */
export function followInPage(event: MouseEvent<HTMLAnchorElement>, inPage: () => void) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  inPage();
}
