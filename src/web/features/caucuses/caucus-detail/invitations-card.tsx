import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { CaucusDetail, CaucusInvitationView } from '../../../../domain/caucuses/caucus-types';
import { api } from '../../../api/http';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useHydrated } from '../../../components/use-hydrated';


function statusWords(i: CaucusInvitationView): string {
  if (i.status === 'accepted') return 'Accepted';
  if (i.status === 'declined') return 'Declined';
  return i.neverCame ? 'Never came' : 'Waiting';
}

/**
 * Invitations (organizers only): who was invited, when, how often the app reminded them, and
 * who never came (issue 13), so an organizer knows whom to call.
 */
export function InvitationsCard({ caucus }: { caucus: CaucusDetail }) {
  const hydrated = useHydrated();
  const list = useQuery({
    queryKey: ['caucuses', caucus.id, 'invitations'],
    queryFn: ({ signal }) => api<{ items: CaucusInvitationView[] }>(`/api/caucuses/${caucus.id}/invitations`, { signal }),
    select: (d) => d.items,
  });
  const day = (iso: string) => (hydrated ? new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric' }) : iso.slice(0, 10));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invitations</CardTitle>
        <CardDescription>Who you invited, and whether they came. The app reminds them after 2 and 6 days.</CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <div role="status" aria-label="Loading">
            <Skeleton className="h-16" />
          </div>
        ) : list.isError ? (
          <div role="alert" className="space-y-2 text-sm text-red-800">
            <p>Could not load the invitations: {list.error.message}</p>
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> Try Again
            </Button>
          </div>
        ) : list.data.length === 0 ? (
          <p className="text-sm text-slate-600">No invitations yet.</p>
        ) : (
          <ul aria-label="Invitations" className="divide-y divide-slate-200">
            {list.data.map((i) => (
              <li key={i.id} className="py-2 text-sm">
                <p className="flex flex-wrap items-baseline justify-between gap-x-2">
                  <span className="font-medium text-slate-900">{i.invitee.name}</span>
                  <span className={i.neverCame ? 'font-medium text-red-800' : i.status === 'accepted' ? 'text-green-800' : 'text-slate-700'}>{statusWords(i)}</span>
                </p>
                <p className="text-slate-600">
                  {i.role === 'organizer' ? 'Co-organizer' : 'Voting member'} · invited {day(i.invitedAt)} by {i.inviterName}
                  {i.reminderCount > 0 ? ` · reminded ${i.reminderCount === 1 ? 'once' : `${i.reminderCount} times`}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
