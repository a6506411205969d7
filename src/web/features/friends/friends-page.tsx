import { Check, Clock, Loader2, RefreshCw, UserCheck, UserPlus, X } from 'lucide-react';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { districtLabel } from '../../../domain/geography/states';
import { FRIEND_SEARCH_DEBOUNCE_MS } from '../../../domain/social/friends';
import type { FriendRequestView, FriendSearchResult, FriendView, SocialPerson } from '../../../domain/social/social-types';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Label, SearchInput } from '../../components/ui/form-controls';
import { EmptyState, ErrorState, Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { Pill, Section } from '../invitations/invitation-cards';
import { Avatar } from '../../components/ui/avatar';
import { useFriends, usePeopleSearch, useRespondToFriendRequest, useSendFriendRequest } from './friend-queries';
import { MessageDialog } from './message-dialog';
import { RefusalDescription } from '../moderation/refusal-description';

/**
 * /friends: find people by name and ask them to be friends, answer the requests received,
 * see those sent, and write to friends (spec section 2, Friends).
 */
export default function FriendsPage() {
  const { t } = useTranslation('friends');
  useDocumentTitle(t('page.title'));
  const friends = useFriends();

  return (
    <Page title={t('page.title')} subtitle={t('page.subtitle')}>
      <FindPeople />
      {friends.isPending ? (
        <div className="mt-8 space-y-4" role="status" aria-label={t('page.loading')}>
          <Skeleton className="h-6 w-40" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        </div>
      ) : friends.isError ? (
        <div className="mt-8">
          <ErrorState title={t('page.loadError')} message={friends.error.message}>
            <Button variant="outline" onClick={() => void friends.refetch()}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('page.tryAgain')}
            </Button>
          </ErrorState>
        </div>
      ) : (
        <>
          <Section title={t('page.requestsTitle', { count: friends.data.received.length })}>
            {friends.data.received.length === 0 ? (
              <EmptyState>{t('page.requestsEmpty')}</EmptyState>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('page.requestsLabel')}>
                {friends.data.received.map((r) => (
                  <ReceivedRequest key={r.id} request={r} />
                ))}
              </ul>
            )}
          </Section>
          <Section title={t('page.pendingTitle', { count: friends.data.sent.length })}>
            {friends.data.sent.length === 0 ? (
              <EmptyState>{t('page.pendingEmpty')}</EmptyState>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('page.pendingLabel')}>
                {friends.data.sent.map((r) => (
                  <li key={r.id}>
                    <PersonCard person={r.person}>
                      <Pill tone="amber">
                        <Clock className="mr-1 h-3 w-3" aria-hidden="true" /> {t('page.pending')}
                      </Pill>
                    </PersonCard>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title={t('page.friendsTitle', { count: friends.data.friends.length })}>
            {friends.data.friends.length === 0 ? (
              <EmptyState>{t('page.friendsEmpty')}</EmptyState>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('page.friendsLabel')}>
                {friends.data.friends.map((f) => (
                  <FriendCard key={f.id} friend={f} />
                ))}
              </ul>
            )}
          </Section>
        </>
      )}
    </Page>
  );
}

function PersonCard({ person, children }: { person: SocialPerson; children?: React.ReactNode }) {
  return (
    <Card className="flex h-full flex-wrap items-center gap-3 p-4">
      <Avatar name={person.name} photoUrl={person.photoUrl} className="h-11 w-11 text-sm" />
      <div className="min-w-0 flex-1">
        <Link to={`/profile/${person.id}`} className="block font-semibold break-words text-navy-800 hover:underline">
          {person.name}
        </Link>
        <p className="text-sm text-slate-600">{districtLabel(person.state, person.district)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">{children}</div>
    </Card>
  );
}

function FriendCard({ friend }: { friend: FriendView }) {
  return (
    <li>
      <PersonCard person={friend}>
        <MessageDialog person={friend} />
      </PersonCard>
    </li>
  );
}

function ReceivedRequest({ request }: { request: FriendRequestView }) {
  const { t } = useTranslation('friends');
  const respond = useRespondToFriendRequest();
  const answer = (response: 'accepted' | 'declined') =>
    respond.mutate(
      { requestId: request.id, response, name: request.person.name },
      {
        onSuccess: (result) =>
          result.status === 'accepted'
            ? toast.success(t('request.accepted'), { description: t('request.acceptedDescription', { name: request.person.name }) })
            : toast.success(t('request.declined')),
        onError: (e) => toast.error(t('request.respondFailed'), { description: <RefusalDescription error={e} /> }),
      },
    );
  const busy = respond.isPending;
  return (
    <li>
      <PersonCard person={request.person}>
        <Button size="sm" onClick={() => answer('accepted')} disabled={busy} aria-label={t('request.acceptLabel', { name: request.person.name })}>
          {busy && respond.variables?.response === 'accepted' ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Check className="h-4 w-4" aria-hidden="true" />}
          {t('request.accept')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => answer('declined')} disabled={busy} aria-label={t('request.declineLabel', { name: request.person.name })}>
          <X className="h-4 w-4" aria-hidden="true" /> {t('request.decline')}
        </Button>
      </PersonCard>
    </li>
  );
}

/** The search box (debounced 300 ms), and up to 10 people each with what can be done next. */
function FindPeople() {
  const { t } = useTranslation('friends');
  const ids = useId();
  const [q, setQ] = useState('');
  const term = useDebouncedValue(q.trim(), FRIEND_SEARCH_DEBOUNCE_MS);
  const search = usePeopleSearch(term);

  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${ids}-title`}>{t('find.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-q`}>{t('find.searchLabel')}</Label>
          <SearchInput id={`${ids}-q`} value={q} placeholder={t('find.placeholder')} autoComplete="off" onChange={(e) => setQ(e.target.value)} />
        </div>
        <div aria-live="polite">
          {term.length < 2 ? (
            <p className="text-sm text-slate-600">{t('find.typeToSearch')}</p>
          ) : search.isPending ? (
            <div role="status" aria-label={t('find.searching')} className="space-y-2">
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          ) : search.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {t('find.searchError', { error: search.error.message })}
            </p>
          ) : search.data.length === 0 ? (
            <p className="text-sm text-slate-600">{t('find.noneFound')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={t('find.resultsLabel')}>
              {search.data.map((p) => (
                <SearchResult key={p.id} person={p} />
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function SearchResult({ person }: { person: FriendSearchResult }) {
  const { t } = useTranslation('friends');
  const send = useSendFriendRequest();
  const respond = useRespondToFriendRequest();
  const busy = send.isPending || respond.isPending;

  const addFriend = () =>
    send.mutate(person.id, {
      onSuccess: (result) =>
        result.status === 'accepted'
          ? toast.success(t('request.accepted'), { description: t('result.alreadyAsked', { name: person.name }) })
          : toast.success(t('result.sent'), { description: t('result.sentDescription', { name: person.name }) }),
      onError: (e) => toast.error(t('result.sendFailed'), { description: <RefusalDescription error={e} /> }),
    });
  const accept = () =>
    respond.mutate(
      { requestId: person.requestId!, response: 'accepted', name: person.name },
      {
        onSuccess: () => toast.success(t('request.accepted'), { description: t('request.acceptedDescription', { name: person.name }) }),
        onError: (e) => toast.error(t('request.respondFailed'), { description: <RefusalDescription error={e} /> }),
      },
    );

  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      <Avatar name={person.name} photoUrl={person.photoUrl} className="h-10 w-10 text-sm" />
      <span className="min-w-0 flex-1">
        <Link to={`/profile/${person.id}`} className="block text-sm font-medium break-words text-slate-900 hover:underline">
          {person.name}
        </Link>
        <span className="block text-xs text-slate-600">{districtLabel(person.state, person.district)}</span>
      </span>
      {person.relation === 'friend' ? (
        <Pill tone="green">
          <UserCheck className="mr-1 h-3 w-3" aria-hidden="true" /> {t('result.friends')}
        </Pill>
      ) : person.relation === 'request_sent' ? (
        <Pill tone="amber">
          <Clock className="mr-1 h-3 w-3" aria-hidden="true" /> {t('result.requestSent')}
        </Pill>
      ) : person.relation === 'request_received' ? (
        <Button size="sm" onClick={accept} disabled={busy} aria-label={t('result.acceptRequestLabel', { name: person.name })}>
          {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Check className="h-4 w-4" aria-hidden="true" />} {t('result.acceptRequest')}
        </Button>
      ) : (
        <Button size="sm" onClick={addFriend} disabled={busy} aria-label={t('result.addFriendLabel', { name: person.name })}>
          {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <UserPlus className="h-4 w-4" aria-hidden="true" />} {t('result.addFriend')}
        </Button>
      )}
    </li>
  );
}
