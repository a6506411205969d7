import { RefreshCw } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { FieldError } from '../../components/ui/form-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { useFriends } from './friend-queries';

export interface FriendPickerProps {
  legend: ReactNode;
  /** A line under the legend (limits, what invitees receive). */
  hint?: ReactNode;
  selected: readonly string[];
  onToggle: (friendId: string, checked: boolean) => void;
  /** How many may be selected; further boxes are disabled. */
  max: number;
  /** Friends invited before: shown checked, disabled and marked "(invited)". */
  alreadyInvited?: readonly string[];
  /** The field's error (the server's or the form's message). */
  error?: string;
}

/**
 * The signed-in user's friends as checkboxes, for inviting them to a debate or a challenge:
 * loading, error (with Try Again) and empty states, and a cap on how many may be chosen.
 */
export function FriendPicker({ legend, hint, selected, onToggle, max, alreadyInvited = [], error }: FriendPickerProps) {
  const { t } = useTranslation('friends');
  const friends = useFriends();
  const hintId = useId();
  const errorId = useId();
  const list = friends.data?.friends ?? [];
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <fieldset className="space-y-2" aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {friends.isPending ? (
        <div className="space-y-2" role="status" aria-label={t('picker.loading')}>
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
        </div>
      ) : friends.isError ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-red-700" role="alert">
          {t('picker.loadError')}
          <Button size="sm" variant="outline" onClick={() => void friends.refetch()}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('picker.tryAgain')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-600">
          <Trans t={t} i18nKey="picker.none" components={{ anchor: <Link to="/friends" className="font-medium text-navy-700 underline" /> }} />
        </p>
      ) : (
        <ul className="max-h-48 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
          {list.map((f) => {
            const already = alreadyInvited.includes(f.id);
            const checked = already || selected.includes(f.id);
            return (
              <li key={f.id}>
                <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={already || (!checked && selected.length >= max)}
                    onChange={(e) => onToggle(f.id, e.target.checked)}
                    className="h-4 w-4 accent-navy-700"
                  />
                  <span className="min-w-0 break-words">{f.name}</span>
                  {already ? <span className="text-xs text-slate-600">{t('picker.invited')}</span> : null}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
