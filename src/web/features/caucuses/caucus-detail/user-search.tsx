import { useQuery } from '@tanstack/react-query';
import { Check, Loader2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { districtLabel } from '../../../../domain/geography/states';
import type { InvitableVoter, UserSearchResult } from '../../../../domain/caucuses/invitation-types';
import { api } from '../../../api/http';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { Button } from '../../../components/ui/button';
import { Label, SearchInput } from '../../../components/ui/form-controls';
import { Skeleton } from '../../../components/ui/skeleton';
import { Avatar } from '../../../components/ui/avatar';

const SEARCH_DEBOUNCE_MS = 300;

/** A user of GET /api/caucuses/:id/invitable-voters or of GET /api/users/search (with their place). */
export type FoundUser = InvitableVoter & Partial<Pick<UserSearchResult, 'state' | 'district'>>;

/** A search box (debounced 300 ms) and up to 10 users, each with an Invite button. */
export function UserSearch({
  label,
  placeholder,
  queryKey,
  url,
  onInvite,
}: {
  label: string;
  placeholder: string;
  queryKey: readonly unknown[];
  url: (q: string) => string;
  onInvite: (user: FoundUser) => Promise<boolean>;
}) {
  const { t } = useTranslation('caucus-detail');
  const ids = useId();
  const [q, setQ] = useState('');
  const term = useDebouncedValue(q.trim(), SEARCH_DEBOUNCE_MS);
  const [invited, setInvited] = useState<Set<string>>(new Set());
  const [inviting, setInviting] = useState<string | null>(null);
  const search = useQuery({
    queryKey: [...queryKey, term],
    queryFn: ({ signal }) => api<FoundUser[]>(url(term), { signal }),
    enabled: term.length > 0,
    staleTime: 10_000,
  });
  const shownError = search.isError ? search.error : null;
  useEffect(() => {
    if (shownError) toast.error(t('userSearch.searchError'), { description: shownError.message });
  }, [shownError, t]);

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${ids}-q`}>{label}</Label>
        <SearchInput id={`${ids}-q`} value={q} placeholder={placeholder} autoComplete="off" onChange={(e) => setQ(e.target.value)} />
      </div>
      <div aria-live="polite" className="min-h-24">
        {term.length === 0 ? (
          <p className="text-sm text-slate-600">{t('userSearch.typeToSearch')}</p>
        ) : search.isPending ? (
          <div role="status" aria-label={t('userSearch.searching')} className="space-y-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : search.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('userSearch.searchErrorMessage', { message: search.error.message })}
          </p>
        ) : search.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('userSearch.noUsers')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {search.data.map((u) => {
              const done = invited.has(u.id);
              return (
                <li key={u.id} className="flex items-center gap-3 p-2">
                  <Avatar name={u.name} photoUrl={u.photoUrl} decorative className="h-8 w-8 text-xs" />
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium break-words text-slate-900">{u.name}</span>
                    {u.state && u.district ? <span className="block text-xs text-slate-600">{districtLabel(u.state, u.district)}</span> : null}
                  </span>
                  <Button
                    size="sm"
                    variant={done ? 'ghost' : 'primary'}
                    disabled={done || inviting === u.id}
                    aria-label={done ? t('userSearch.invitedLabel', { name: u.name }) : t('userSearch.inviteLabel', { name: u.name })}
                    onClick={async () => {
                      setInviting(u.id);
                      const ok = await onInvite(u);
                      setInviting(null);
                      if (ok) setInvited((s) => new Set(s).add(u.id));
                    }}
                  >
                    {inviting === u.id ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : done ? <Check className="h-4 w-4" aria-hidden="true" /> : null}
                    {done ? t('userSearch.invited') : t('userSearch.invite')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
