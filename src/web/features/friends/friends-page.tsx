import { Check, Clock, Loader2, RefreshCw, UserCheck, UserPlus, X } from 'lucide-react';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { districtLabel } from '../../../domain/geography/states';
import { FRIEND_MESSAGES, FRIEND_SEARCH_DEBOUNCE_MS } from '../../../domain/social/friends';
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

/**
 * /friends: find people by name and ask them to be friends, answer the requests received,
 * see those sent, and write to friends (spec section 2, Friends).
 */
export default function FriendsPage() {
  useDocumentTitle('Friends');
  const friends = useFriends();

  return (
    <Page title="Friends" subtitle="Find people by name, answer friend requests and keep in touch with your friends.">
      <FindPeople />
      {friends.isPending ? (
        <div className="mt-8 space-y-4" role="status" aria-label="Loading friends">
          <Skeleton className="h-6 w-40" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        </div>
      ) : friends.isError ? (
        <div className="mt-8">
          <ErrorState title="Could not load your friends" message={friends.error.message}>
            <Button variant="outline" onClick={() => void friends.refetch()}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> Try Again
            </Button>
          </ErrorState>
        </div>
      ) : (
        <>
          <Section title={`Friend Requests (${friends.data.received.length})`}>
            {friends.data.received.length === 0 ? (
              <EmptyState>No friend requests right now.</EmptyState>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2" aria-label="Friend requests received">
                {friends.data.received.map((r) => (
                  <ReceivedRequest key={r.id} request={r} />
                ))}
              </ul>
            )}
          </Section>
          <Section title={`Pending Requests (${friends.data.sent.length})`}>
            {friends.data.sent.length === 0 ? (
              <EmptyState>You have no friend requests waiting for an answer.</EmptyState>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2" aria-label="Friend requests sent">
                {friends.data.sent.map((r) => (
                  <li key={r.id}>
                    <PersonCard person={r.person}>
                      <Pill tone="amber">
                        <Clock className="mr-1 h-3 w-3" aria-hidden="true" /> Pending
                      </Pill>
                    </PersonCard>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title={`Your Friends (${friends.data.friends.length})`}>
            {friends.data.friends.length === 0 ? (
              <EmptyState>No friends yet. Search for people above and send them a friend request.</EmptyState>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2" aria-label="Your friends">
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
  const respond = useRespondToFriendRequest();
  const answer = (response: 'accepted' | 'declined') =>
    respond.mutate(
      { requestId: request.id, response, name: request.person.name },
      {
        onSuccess: (result) =>
          result.status === 'accepted'
            ? toast.success('Friend request accepted', { description: `You and ${request.person.name} are now friends.` })
            : toast.success('Friend request declined'),
        onError: (e) => toast.error(FRIEND_MESSAGES.respondFailed, { description: e.message }),
      },
    );
  const busy = respond.isPending;
  return (
    <li>
      <PersonCard person={request.person}>
        <Button size="sm" onClick={() => answer('accepted')} disabled={busy} aria-label={`Accept ${request.person.name}`}>
          {busy && respond.variables?.response === 'accepted' ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Check className="h-4 w-4" aria-hidden="true" />}
          Accept
        </Button>
        <Button size="sm" variant="outline" onClick={() => answer('declined')} disabled={busy} aria-label={`Decline ${request.person.name}`}>
          <X className="h-4 w-4" aria-hidden="true" /> Decline
        </Button>
      </PersonCard>
    </li>
  );
}

/** The search box (debounced 300 ms), and up to 10 people each with what can be done next. */
function FindPeople() {
  const ids = useId();
  const [q, setQ] = useState('');
  const term = useDebouncedValue(q.trim(), FRIEND_SEARCH_DEBOUNCE_MS);
  const search = usePeopleSearch(term);

  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${ids}-title`}>Find Friends</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-q`}>Search people by name</Label>
          <SearchInput id={`${ids}-q`} value={q} placeholder="Type at least 2 letters" autoComplete="off" onChange={(e) => setQ(e.target.value)} />
        </div>
        <div aria-live="polite">
          {term.length < 2 ? (
            <p className="text-sm text-slate-600">Type a name to search.</p>
          ) : search.isPending ? (
            <div role="status" aria-label="Searching" className="space-y-2">
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          ) : search.isError ? (
            <p role="alert" className="text-sm text-red-700">
              Search Error: {search.error.message}
            </p>
          ) : search.data.length === 0 ? (
            <p className="text-sm text-slate-600">No one found by that name.</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Search results">
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
  const send = useSendFriendRequest();
  const respond = useRespondToFriendRequest();
  const busy = send.isPending || respond.isPending;

  const addFriend = () =>
    send.mutate(person.id, {
      onSuccess: (result) =>
        result.status === 'accepted'
          ? toast.success('Friend request accepted', { description: `${person.name} had already asked you: you are now friends.` })
          : toast.success('Friend request sent', { description: `${person.name} will see your request.` }),
      onError: (e) => toast.error(FRIEND_MESSAGES.sendFailed, { description: e.message }),
    });
  const accept = () =>
    respond.mutate(
      { requestId: person.requestId!, response: 'accepted', name: person.name },
      {
        onSuccess: () => toast.success('Friend request accepted', { description: `You and ${person.name} are now friends.` }),
        onError: (e) => toast.error(FRIEND_MESSAGES.respondFailed, { description: e.message }),
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
          <UserCheck className="mr-1 h-3 w-3" aria-hidden="true" /> Friends
        </Pill>
      ) : person.relation === 'request_sent' ? (
        <Pill tone="amber">
          <Clock className="mr-1 h-3 w-3" aria-hidden="true" /> Request Sent
        </Pill>
      ) : person.relation === 'request_received' ? (
        <Button size="sm" onClick={accept} disabled={busy} aria-label={`Accept Request from ${person.name}`}>
          {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Check className="h-4 w-4" aria-hidden="true" />} Accept Request
        </Button>
      ) : (
        <Button size="sm" onClick={addFriend} disabled={busy} aria-label={`Add Friend: ${person.name}`}>
          {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <UserPlus className="h-4 w-4" aria-hidden="true" />} Add Friend
        </Button>
      )}
    </li>
  );
}
