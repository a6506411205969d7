import { useTranslation } from 'react-i18next';
import { asLanguage } from '../../../domain/i18n/languages';
import { inPageLanguage } from '../../i18n/message-language';
import { Search } from 'lucide-react';
import { forwardRef, type InputHTMLAttributes, type LabelHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from './class-names';

const field =
  'w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-navy-500 disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-500';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  return <input ref={ref} className={cn(field, 'h-10', className)} {...props} />;
});

/** A search box: the input with a magnifier drawn inside it (type="search", at most 100 characters). */
export const SearchInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function SearchInput({ className, ...props }, ref) {
  return (
    <div className="relative">
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
      <Input ref={ref} type="search" maxLength={100} className={cn('pl-9', className)} {...props} />
    </div>
  );
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className, ...props }, ref) {
  return <textarea ref={ref} className={cn(field, 'min-h-24 py-2', className)} {...props} />;
});

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, ...props }, ref) {
  return <select ref={ref} className={cn(field, 'h-10', className)} {...props} />;
});

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('text-sm font-medium text-slate-800', className)} {...props} />;
}

/**
 * A field's error text, announced to screen readers. The shared schemas write it in English
 * (the spec's text); it is shown in the page's language (issue 15).
 */
export function FieldError({ id, children }: { id?: string; children?: string }) {
  const { i18n } = useTranslation();
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {inPageLanguage(children, asLanguage(i18n.language))}
    </p>
  );
}

type LabelledInputProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  /** A line under the field (its ids: `${id}-hint`). */
  hint?: string;
  /** The field's error, shown and announced (`${id}-problem`); the input is then aria-invalid. */
  problem?: string | null;
  /** Classes for the input itself (`className` is the wrapper's). */
  inputClassName?: string;
};

/** A labelled input with its hint and error, wired for screen readers: the shape of every form field of the account cards. */
export const LabelledInput = forwardRef<HTMLInputElement, LabelledInputProps>(function LabelledInput({ id, label, hint, problem, className, inputClassName, ...props }, ref) {
  const describedBy = [hint ? `${id}-hint` : null, problem ? `${id}-problem` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input ref={ref} id={id} className={inputClassName} aria-invalid={problem ? true : undefined} aria-describedby={describedBy} {...props} />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-problem`}>{problem ?? undefined}</FieldError>
    </div>
  );
});

/** "count/max" under a text field. */
export function CharacterCount({ value, max }: { value: string; max: number }) {
  return (
    <p className={cn('text-right text-xs', value.length > max ? 'text-red-700' : 'text-slate-600')} aria-live="polite">
      {value.length}/{max}
    </p>
  );
}
