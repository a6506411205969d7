import { Lock, Pencil } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { FieldError } from '../../components/ui/form-controls';

export type EditMode = 'view' | 'edit' | 'saving';

/** How long a failed save's message stays under the editor. */
const ERROR_SHOWN_MS = 6000;

/**
 * One row of the Profile Information card. Read-only unless `editor` is given; the owner's
 * row goes view -> edit -> saving -> view. A failed save keeps the editor open, logs the
 * error and shows its message for a few seconds.
 */
export function InlineField({
  field,
  label,
  children,
  editor,
}: {
  /** The row's stable name ('tagline', 'state-district' …), for its element ids and logs. */
  field: string;
  /** The label people read, in the page's language. */
  label: string;
  children: ReactNode;
  editor?: {
    /** The form fields; `fieldId` should go on the first one. */
    render: (fieldId: string) => ReactNode;
    /** Resets the fields to the stored value (called when editing starts). */
    reset: () => void;
    /** Saves; throws on failure. Returns a message instead when the input is refused locally. */
    save: () => Promise<string | void>;
    canSave?: boolean;
    /** When set, editing is disabled and this is shown. */
    lockedReason?: string | null;
  };
}) {
  const { t, i18n } = useTranslation('profiles');
  const [mode, setMode] = useState<EditMode>('view');
  const [error, setError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const fieldId = `profile-${field}-input`;
  const errorId = `profile-${field}-error`;

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), ERROR_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [error]);

  // Back in view mode after editing: return keyboard focus to the Edit button.
  useEffect(() => {
    if (mode === 'view' && wasEditing.current) editButton.current?.focus();
    wasEditing.current = mode !== 'view';
  }, [mode]);

  const start = () => {
    editor?.reset();
    setError(null);
    setMode('edit');
  };
  const cancel = () => {
    setError(null);
    setMode('view');
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editor || mode === 'saving') return;
    setMode('saving');
    try {
      const refusal = await editor.save();
      if (refusal) {
        setError(refusal);
        setMode('edit');
        return;
      }
      setError(null);
      setMode('view');
    } catch (e) {
      console.error(`Failed to update ${field}`, e);
      setError(e instanceof Error ? e.message : t('inlineField.updateFailed'));
      setMode('edit');
    }
  };

  const locked = editor?.lockedReason ?? null;

  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">
        {mode === 'view' || !editor ? label : <label htmlFor={fieldId}>{label}</label>}
      </dt>
      <dd className="min-w-0 text-slate-900">
        {editor && mode !== 'view' ? (
          <form
            method="post"
            onSubmit={submit}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && mode === 'edit') {
                e.preventDefault();
                cancel();
              }
            }}
            className="space-y-2"
            aria-busy={mode === 'saving'}
          >
            <fieldset disabled={mode === 'saving'} className="space-y-2" aria-describedby={error ? errorId : undefined}>
              {editor.render(fieldId)}
            </fieldset>
            <FieldError id={errorId}>{error ?? undefined}</FieldError>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" size="sm" disabled={mode === 'saving' || editor.canSave === false}>
                {mode === 'saving' ? t('inlineField.saving') : t('inlineField.save')}
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={cancel} disabled={mode === 'saving'}>
                {t('inlineField.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0 flex-1 break-words">{children}</div>
            {editor ? (
              <Button
                ref={editButton}
                variant="ghost"
                size="sm"
                className="shrink-0"
                onClick={start}
                disabled={!!locked}
                aria-label={t('inlineField.editLabel', { field: label.toLocaleLowerCase(i18n.language) })}
                aria-describedby={locked ? `${errorId}-lock` : undefined}
              >
                {locked ? <Lock className="h-4 w-4" aria-hidden="true" /> : <Pencil className="h-4 w-4" aria-hidden="true" />}
                <span className="hidden sm:inline">{t('inlineField.edit')}</span>
              </Button>
            ) : null}
          </div>
        )}
        {editor && locked && mode === 'view' ? (
          <p id={`${errorId}-lock`} className="mt-1 text-xs text-slate-600">
            {locked}
          </p>
        ) : null}
      </dd>
    </div>
  );
}

/** The grey text of an empty value ('No tagline set', 'Not specified' …). */
export function Empty({ children }: { children: ReactNode }) {
  return <span className="text-slate-600 italic">{children}</span>;
}
