import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CaucusDetail, CaucusInvitationList, CaucusInvitationView } from '../../../../domain/caucuses/caucus-types';
import { api } from '../../../api/http';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormat } from '../../../i18n/format';

/** Where an invitation stands, as a key of `invitations.status`. */
function statusWords(i: CaucusInvitationView): 'accepted' | 'declined' | 'neverCame' | 'waiting' {
  if (i.status === 'accepted') return 'accepted';
  if (i.status === 'declined') return 'declined';
  return i.neverCame ? 'neverCame' : 'waiting';
}

/**
 * Invitations (organizers only): who was invited, when, how often the app reminded them, and
 * who never came (issue 13), so an organizer knows whom to call.
 */
export function InvitationsCard({ caucus }: { caucus: CaucusDetail }) {
  const { t } = useTranslation('caucus-detail');
  const format = useFormat();
  const list = useQuery({
    queryKey: ['caucuses', caucus.id, 'invitations'],
    queryFn: ({ signal }) => api<CaucusInvitationList>(`/api/caucuses/${caucus.id}/invitations`, { signal }),
    select: (d) => d.items,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('invitations.title')}</CardTitle>
        <CardDescription>{t('invitations.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <div role="status" aria-label={t('invitations.loading')}>
            <Skeleton className="h-16" />
          </div>
        ) : list.isError ? (
          <div role="alert" className="space-y-2 text-sm text-red-800">
            <p>{t('invitations.loadFailed', { message: list.error.message })}</p>
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('invitations.tryAgain')}
            </Button>
          </div>
        ) : list.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('invitations.empty')}</p>
        ) : (
          <ul aria-label={t('invitations.listLabel')} className="divide-y divide-slate-200">
            {list.data.map((i) => (
              <li key={i.id} className="py-2 text-sm">
                <p className="flex flex-wrap items-baseline justify-between gap-x-2">
                  <span className="font-medium text-slate-900">{i.invitee.name}</span>
                  <span className={i.neverCame ? 'font-medium text-red-800' : i.status === 'accepted' ? 'text-green-800' : 'text-slate-700'}>{t(`invitations.status.${statusWords(i)}`)}</span>
                </p>
                <p className="text-slate-600">
                  {t('invitations.details', { role: i.role, date: format.dayMonth(i.invitedAt), inviter: i.inviterName, reminders: i.reminderCount })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
