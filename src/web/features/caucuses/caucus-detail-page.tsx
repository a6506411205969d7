import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebouncedValue } from '../../components/use-debounced-value';
import {
  AlertTriangle,
  Check,
  CheckCircle2,
  ExternalLink,
  Loader2,
  Lock,
  LogIn,
  LogOut,
  Pencil,
  RefreshCw,
  Search,
  ShieldCheck,
  UserPlus,
  Users,
  Vote,
} from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { CAUCUS_MESSAGES, MAX_REQUIRED_MEMBERS, platformLinkSchema } from '../../../domain/caucuses/caucus-schemas';
import type { CaucusDetail, CaucusPerson, JoinResult, VoteResult } from '../../../domain/caucuses/caucus-types';
import { VERIFICATION_REQUIRED_MESSAGE } from '../../../domain/caucuses/election';
import { JOIN_MESSAGES } from '../../../domain/caucuses/eligibility';
import { districtLabel, stateName } from '../../../domain/geography/states';
import { FORMER_MEMBER_NAME, type OwnProfile, type PublicProfile } from '../../../domain/profiles/profile-types';
import { ApiError, api, apiOrConfirmation } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../components/ui/class-names';
import { CopyButton } from '../../components/ui/copy-button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/form-controls';
import { EmptyState, ErrorState, Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { savePostLoginPath } from '../session/post-login-path';
import { useSession } from '../session/use-session';
import { BrownieButton } from '../brownies/brownie-button';
import { CaucusChat } from './caucus-chat';
import { useDocumentTitle } from '../../components/layout/use-document-title';

/**
 * /caucus/{id}: Caucus Information, the Organizers and Members lists, the Delegate
 * Election panel, Join or Caucus Actions (with the invitation dialogs), the chat for
 * members and organizers, and for administrators the required-members editor of a level 5
 * caucus. Every rule is the server's; this page shows what it answers.
 */

const SEARCH_DEBOUNCE_MS = 300;
/** Members and organizers see votes arrive without reloading while the election is open. */
const ELECTION_REFRESH_MS = 15_000;

const detailKey = (id: string) => ['caucuses', 'detail', id] as const;

function useCaucus(id: string) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => api<CaucusDetail>(`/api/caucuses/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => (query.state.data?.viewer?.isMember && !query.state.data.electionFinalized ? ELECTION_REFRESH_MS : false),
  });
}

/** "Title: description" messages of the spec become a toast's title and description. */
function splitMessage(message: string, fallbackTitle: string): [string, string | undefined] {
  const match = /^([A-Z][^:.]{1,40}): (.+)$/.exec(message);
  return match ? [match[1]!, match[2]] : [fallbackTitle, message];
}

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.message ? error.message : fallback);

type Confirmation = Extract<JoinResult, { status: 'requires_confirmation' }>;

/** POST /join, handing back `requires_confirmation` (a 409) as an answer instead of an error. */
async function joinRequest(caucusId: string, body: { password?: string; confirmLeave?: boolean }): Promise<JoinResult> {
  return apiOrConfirmation<JoinResult>(`/api/caucuses/${encodeURIComponent(caucusId)}/join`, { method: 'POST', json: body });
}

export default function CaucusDetailPage() {
  const { id = '' } = useParams();
  const session = useSession();
  if (session.isLoading) return <DetailSkeleton />;
  if (!session.user) return <LoginRequired caucusId={id} />;
  if (!id) return <NotFound message="No caucus ID provided" />;
  return <CaucusDetailView caucusId={id} user={session.user} />;
}

function CaucusDetailView({ caucusId, user }: { caucusId: string; user: OwnProfile }) {
  const query = useCaucus(caucusId);
  const [person, setPerson] = useState<CaucusPerson | null>(null);
  useDocumentTitle(query.data?.name ?? 'Caucus');

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 401) return <LoginRequired caucusId={caucusId} />;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <NotFound message="Caucus not found" />;
    return (
      <Page>
        <h1 className="sr-only">Caucus</h1>
        <ErrorState title="Error Loading Caucus" message={`Error fetching caucus: ${error.message}`}>
          <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RefreshCw className={cn('h-4 w-4', query.isFetching && 'animate-spin')} aria-hidden="true" /> Try Again
          </Button>
          <Button asChild variant="ghost">
            <Link to="/caucus-search">Go to Caucus Search</Link>
          </Button>
        </ErrorState>
      </Page>
    );
  }

  const caucus = query.data;
  const insider = !!caucus.viewer?.isMember;
  return (
    <Page
      title={caucus.name}
      subtitle={`${districtLabel(caucus.state, caucus.district)} · ${stateName(caucus.state)} · Level ${caucus.level}`}
      actions={
        <div className="flex flex-wrap gap-2">
          <Pill tone={caucus.electionFinalized ? 'navy' : 'amber'}>{caucus.electionFinalized ? 'Delegate Elected' : 'Election Pending'}</Pill>
          <Pill tone={caucus.status === 'available' ? 'green' : 'slate'}>{caucus.status === 'available' ? 'Open' : 'Closed'}</Pill>
        </div>
      }
    >
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <InformationCard caucus={caucus} />
          {insider ? <ElectionCard caucus={caucus} user={user} onShowPerson={setPerson} /> : null}
          {insider ? <CaucusChat caucusId={caucus.id} /> : null}
        </div>
        <div className="min-w-0 space-y-6">
          <ActionsCard caucus={caucus} user={user} />
          {caucus.viewer?.isAdministrator && caucus.level === 5 && !caucus.electionFinalized ? <RequiredMembersCard caucus={caucus} /> : null}
          <MembersCard caucus={caucus} onShowPerson={setPerson} />
          <OrganizersCard caucus={caucus} onShowPerson={setPerson} />
        </div>
      </div>
      <ProfileDialog person={person} onClose={() => setPerson(null)} />
    </Page>
  );
}

/* ------------------------------------------------------------------ states */

function LoginRequired({ caucusId }: { caucusId: string }) {
  const navigate = useNavigate();
  useDocumentTitle('Caucus');
  return (
    <Page>
      <Card className="mx-auto max-w-lg">
        <CardHeader>
          <h1 className="flex items-center gap-2 text-xl font-bold text-navy-900">
            <Lock className="h-5 w-5" aria-hidden="true" /> Members only
          </h1>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-slate-700">You must be logged in to view this caucus</p>
          <Button
            onClick={() => {
              savePostLoginPath(`/caucus/${caucusId}`);
              navigate('/auth');
            }}
          >
            <LogIn className="h-4 w-4" aria-hidden="true" /> Log In
          </Button>
        </CardContent>
      </Card>
    </Page>
  );
}

function NotFound({ message }: { message: string }) {
  useDocumentTitle('Caucus Not Found');
  return (
    <Page>
      <h1 className="sr-only">Caucus Not Found</h1>
      <ErrorState title="Caucus Not Found" message={`${message}. It may have been removed, or the link may be mistyped.`}>
        <Button asChild variant="primary">
          <Link to="/caucus-search">
            <Search className="h-4 w-4" aria-hidden="true" /> Go to Caucus Search
          </Link>
        </Button>
      </ErrorState>
    </Page>
  );
}

function DetailSkeleton() {
  return (
    <Page>
      <div role="status" aria-label="Loading caucus" className="space-y-6">
        <Skeleton className="h-8 w-2/3 max-w-md" />
        <Skeleton className="h-4 w-1/2 max-w-xs" />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <Skeleton className="h-72" />
            <Skeleton className="h-48" />
          </div>
          <div className="space-y-6">
            <Skeleton className="h-32" />
            <Skeleton className="h-56" />
          </div>
        </div>
        <span className="sr-only">Loading…</span>
      </div>
    </Page>
  );
}

/* ------------------------------------------------------------- information */

function InformationCard({ caucus }: { caucus: CaucusDetail }) {
  const inviteUrl = `${window.location.origin}/join/${caucus.invitationCode}`;
  const insider = !!caucus.viewer?.isMember;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Caucus Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100">
          <Row label="Invitation Link">
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input readOnly value={inviteUrl} aria-label="Invitation link" className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              <CopyButton
                text={inviteUrl}
                label="Copy Link"
                toastTitle="Invitation link copied!"
                toastDescription="Share it with voters of your district."
                className="shrink-0"
              />
            </div>
          </Row>
          {caucus.isOpen ? null : (
            <Row label="Password">
              {insider && caucus.password ? (
                <span className="rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900">{caucus.password}</span>
              ) : (
                <span className="text-sm text-slate-600">Password hidden - join the caucus to view</span>
              )}
            </Row>
          )}
          <Row label="Platform Link">
            <PlatformLink caucus={caucus} />
          </Row>
          <Row label="Type">
            <span className="inline-flex items-center gap-1 text-sm font-medium text-slate-900">
              {caucus.isOpen ? null : <Lock className="h-4 w-4 text-slate-500" aria-hidden="true" />}
              {caucus.isOpen ? 'Open' : 'Private'}
            </span>
          </Row>
          <Row label="Status">
            <div className="flex flex-wrap gap-2">
              <Pill tone={caucus.electionFinalized ? 'navy' : 'amber'}>{caucus.electionFinalized ? 'Delegate Elected' : 'Election Pending'}</Pill>
              <Pill tone={caucus.status === 'available' ? 'green' : 'slate'}>{caucus.status === 'available' ? 'Open' : 'Closed'}</Pill>
            </div>
          </Row>
          <Row label="District">
            <span className="text-sm text-slate-900">
              {districtLabel(caucus.state, caucus.district)} ({stateName(caucus.state)})
            </span>
          </Row>
          <Row label="Level">
            <span className="text-sm text-slate-900">Level {caucus.level}</span>
          </Row>
          <Row label="Alignment">
            <span className="text-sm break-words text-slate-900">{caucus.politicalAlignment ?? 'Not specified'}</span>
          </Row>
        </dl>
      </CardContent>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[9rem_1fr] sm:items-center sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function PlatformLink({ caucus }: { caucus: CaucusDetail }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(caucus.platformLink ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = useId();
  const save = useMutation({
    mutationFn: (platformLink: string) =>
      api(`/api/caucuses/${caucus.id}/platform-link`, { method: 'PATCH', json: { platformLink } }),
    onSuccess: () => {
      toast.success('Platform link updated');
      setEditing(false);
      void queryClient.invalidateQueries({ queryKey: detailKey(caucus.id) });
    },
    onError: (error) => toast.error(`Failed to update platform link: ${messageOf(error, 'Unexpected error')}`),
  });
  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);

  const canEdit = !!caucus.viewer?.canEditPlatformLink;
  if (!editing) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        {caucus.platformLink ? (
          <a href={caucus.platformLink} target="_blank" rel="noopener noreferrer" className="inline-flex min-w-0 items-center gap-1 text-sm break-all text-navy-700 underline">
            {caucus.platformLink}
            <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          <span className="text-sm text-slate-600">No platform link yet</span>
        )}
        {canEdit ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label="Edit platform link"
            onClick={() => {
              setValue(caucus.platformLink ?? '');
              setProblem(null);
              setEditing(true);
            }}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
          </Button>
        ) : null}
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = platformLinkSchema.safeParse({ platformLink: value });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? CAUCUS_MESSAGES.platformLinkEmpty);
      input.current?.focus();
      return;
    }
    setProblem(null);
    save.mutate(parsed.data.platformLink);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <Label htmlFor={`${ids}-link`} className="sr-only">
        Platform link
      </Label>
      <Input
        ref={input}
        id={`${ids}-link`}
        type="url"
        inputMode="url"
        maxLength={500}
        placeholder="https://"
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${ids}-error` : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          setProblem(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setEditing(false);
        }}
      />
      <FieldError id={`${ids}-error`}>{problem ?? undefined}</FieldError>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setEditing(false)} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/* ---------------------------------------------------------------- election */

function ElectionCard({ caucus, user, onShowPerson }: { caucus: CaucusDetail; user: OwnProfile; onShowPerson: (p: CaucusPerson) => void }) {
  const queryClient = useQueryClient();
  const viewer = caucus.viewer;
  const [choice, setChoice] = useState<string | null>(viewer?.myVoteCandidateId ?? null);
  const ids = useId();
  const members = caucus.members;
  const nameOf = (id: string | null | undefined) => members.find((m) => m.id === id)?.name ?? 'this member';

  // The server's vote wins when it changes (another tab, a refresh).
  const serverVote = viewer?.myVoteCandidateId ?? null;
  const lastServerVote = useRef(serverVote);
  useEffect(() => {
    if (serverVote !== lastServerVote.current) {
      lastServerVote.current = serverVote;
      setChoice(serverVote);
    }
  }, [serverVote]);

  const vote = useMutation({
    mutationFn: (candidateId: string) => api<VoteResult>(`/api/caucuses/${caucus.id}/vote`, { method: 'PUT', json: { candidateId } }),
    onSuccess: (result, candidateId) => {
      if (result.status === 'finalized') {
        toast.success('Delegate Elected', { description: `${nameOf(result.electedDelegateId ?? candidateId)} is the Delegate of ${caucus.name}.` });
        void queryClient.invalidateQueries();
        return;
      }
      if (result.status === 'awaiting_verification') {
        const [title, description] = splitMessage(result.message ?? VERIFICATION_REQUIRED_MESSAGE, 'Verification Required');
        toast.warning(title, { description });
      } else {
        toast.success('Vote recorded', { description: `You voted for ${nameOf(candidateId)}.` });
      }
      void queryClient.invalidateQueries({ queryKey: detailKey(caucus.id) });
    },
    onError: (error) => {
      const [title, description] = splitMessage(messageOf(error, 'Failed to submit vote'), 'Failed to submit vote');
      toast.error(title, { description });
      void queryClient.invalidateQueries({ queryKey: detailKey(caucus.id) });
    },
  });

  const votedCount = members.filter((m) => m.hasVoted).length;
  const missingSeats = Math.max(0, caucus.requiredVotingMembers - caucus.votingMemberCount);

  if (caucus.electionFinalized) {
    const delegate = caucus.electedDelegate;
    return (
      <Card>
        <CardHeader>
          <CardTitle>Delegate Election</CardTitle>
          <CardDescription>The election is finalized. No further voting.</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="flex items-center gap-3 rounded-xl border border-navy-100 bg-navy-50 p-4">
            <CheckCircle2 className="h-6 w-6 shrink-0 text-navy-700" aria-hidden="true" />
            <div className="min-w-0">
              <p className="text-sm font-medium text-navy-800">Delegate Elected</p>
              {delegate ? (
                <button type="button" className="text-lg font-semibold break-words text-navy-900 underline-offset-4 hover:underline" onClick={() => onShowPerson(delegate)}>
                  {delegate.name}
                </button>
              ) : (
                <p className="text-lg font-semibold text-navy-900">{FORMER_MEMBER_NAME}</p>
              )}
              <p className="text-sm text-slate-700">Represents this caucus at Level {Math.min(5, caucus.level + 1)}{caucus.level === 5 ? ' as the district\u2019s Candidate' : ''}.</p>
            </div>
          </div>
        </CardContent>
      </Card>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice && choice !== serverVote) vote.mutate(choice);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Delegate Election</CardTitle>
        <CardDescription>
          A Delegate is elected when all {caucus.requiredVotingMembers} members vote for the same member and every member is verified. You can change your vote until then.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
          <p>
            Votes cast: <strong className="text-slate-900">{votedCount}</strong> of {members.length}
          </p>
          {missingSeats > 0 ? (
            <p>
              Waiting for <strong className="text-slate-900">{missingSeats}</strong> more {missingSeats === 1 ? 'member' : 'members'} to join
            </p>
          ) : null}
        </div>

        {caucus.awaitingVerification ? (
          <div role="alert" className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <div className="space-y-1">
              <p>{VERIFICATION_REQUIRED_MESSAGE}</p>
              {caucus.unverifiedCount > 0 ? (
                <p>
                  {caucus.unverifiedCount} {caucus.unverifiedCount === 1 ? 'member still needs' : 'members still need'} to verify.
                </p>
              ) : null}
              {!user.verified && viewer?.isVotingMember ? (
                <Link to="/verification" className="inline-flex items-center gap-1 font-medium text-amber-900 underline">
                  <ShieldCheck className="h-4 w-4" aria-hidden="true" /> Verify your profile
                </Link>
              ) : null}
            </div>
          </div>
        ) : null}

        {viewer?.canVote ? (
          <form onSubmit={submit} className="space-y-4">
            <p className="text-sm text-slate-700" aria-live="polite">
              {serverVote ? (
                <>
                  Your current vote: <strong className="text-slate-900">{nameOf(serverVote)}</strong>
                </>
              ) : (
                'You have not voted yet.'
              )}
            </p>
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Choose your Delegate</legend>
              <ul className="mt-2 space-y-2">
                {members.map((m) => {
                  const inputId = `${ids}-${m.id}`;
                  const votes = caucus.tally[m.id] ?? 0;
                  return (
                    <li key={m.id}>
                      <label
                        htmlFor={inputId}
                        className={cn(
                          'flex cursor-pointer items-center gap-3 rounded-lg border p-3',
                          choice === m.id ? 'border-navy-500 bg-navy-50' : 'border-slate-200 hover:bg-slate-50',
                        )}
                      >
                        <input
                          id={inputId}
                          type="radio"
                          name="candidate"
                          value={m.id}
                          checked={choice === m.id}
                          onChange={() => setChoice(m.id)}
                          className="h-4 w-4 shrink-0 accent-navy-700"
                        />
                        <Avatar person={m} />
                        <span className="min-w-0 flex-1">
                          <span className="block font-medium break-words text-slate-900">
                            {m.name}
                            {m.id === user.id ? <span className="font-normal text-slate-600"> (you)</span> : null}
                          </span>
                          <span className="block text-xs text-slate-600">{m.hasVoted ? 'Has voted' : 'Not voted yet'}</span>
                        </span>
                        <VoteCount votes={votes} />
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
            <Button type="submit" disabled={!choice || choice === serverVote || vote.isPending}>
              {vote.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Vote className="h-4 w-4" aria-hidden="true" />}
              {vote.isPending ? 'Submitting…' : serverVote ? 'Change Vote' : 'Cast Vote'}
            </Button>
          </form>
        ) : (
          <div className="space-y-2">
            <p className="text-sm text-slate-600">Organizers follow the election but do not vote.</p>
            {members.length === 0 ? (
              <EmptyState>No voting members yet.</EmptyState>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {members.map((m) => (
                  <li key={m.id} className="flex items-center gap-3 p-3">
                    <Avatar person={m} />
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium break-words text-slate-900">{m.name}</span>
                      <span className="block text-xs text-slate-600">{m.hasVoted ? 'Has voted' : 'Not voted yet'}</span>
                    </span>
                    <VoteCount votes={caucus.tally[m.id] ?? 0} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function VoteCount({ votes }: { votes: number }) {
  return (
    <span className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', votes > 0 ? 'bg-accent-700 text-white' : 'bg-slate-100 text-slate-700')}>
      {votes} {votes === 1 ? 'vote' : 'votes'}
    </span>
  );
}

/* ----------------------------------------------------------------- actions */

/** Why the viewer cannot join, when the page already knows it (the server checks again). */
function joinBlocker(caucus: CaucusDetail, user: OwnProfile): string | null {
  if (caucus.electionFinalized) return JOIN_MESSAGES.finalized;
  if (caucus.viewer?.isOrganizer) return JOIN_MESSAGES.organizerCannotVote;
  if (caucus.votingMemberCount >= caucus.requiredVotingMembers) return JOIN_MESSAGES.full(caucus.votingMemberCount, caucus.requiredVotingMembers);
  if (caucus.level !== user.level) return JOIN_MESSAGES.wrongLevel(caucus.level, user.level);
  if (caucus.state !== user.state || caucus.district !== user.district) {
    return JOIN_MESSAGES.wrongDistrict(districtLabel(caucus.state, caucus.district), districtLabel(user.state, user.district));
  }
  return null;
}

function ActionsCard({ caucus, user }: { caucus: CaucusDetail; user: OwnProfile }) {
  const viewer = caucus.viewer;
  const insider = !!viewer?.isMember;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{insider ? 'Caucus Actions' : 'Join This Caucus'}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {viewer?.isVotingMember ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Check className="h-4 w-4 text-green-700" aria-hidden="true" /> You are a voting member of this caucus.
          </p>
        ) : null}
        {viewer?.isOrganizer ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Check className="h-4 w-4 text-green-700" aria-hidden="true" /> You organize this caucus.
          </p>
        ) : null}
        {!viewer?.isVotingMember && !viewer?.isOrganizer ? <JoinSection caucus={caucus} user={user} /> : null}
        {viewer?.isVotingMember ? (
          caucus.electionFinalized ? (
            <p className="text-sm text-slate-600">The election is finalized: members can no longer leave this caucus.</p>
          ) : (
            <LeaveButton caucus={caucus} />
          )
        ) : null}
        {viewer?.canInvite ? (
          <div className="flex flex-col gap-2">
            <InviteCoOrganizerDialog caucus={caucus} />
            <InviteOthersDialog caucus={caucus} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function JoinSection({ caucus, user }: { caucus: CaucusDetail; user: OwnProfile }) {
  const queryClient = useQueryClient();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [joining, setJoining] = useState(false);
  const ids = useId();
  const blocker = joinBlocker(caucus, user);

  async function join(options: { password?: string; confirmLeave?: boolean }) {
    setJoining(true);
    try {
      const answer = await joinRequest(caucus.id, options);
      if (answer.status === 'requires_confirmation') {
        setPasswordOpen(false);
        setConfirmation(answer);
        return;
      }
      setPasswordOpen(false);
      setConfirmation(null);
      setPassword('');
      if (answer.status === 'already_member') toast.info(answer.message);
      else toast.success('Joined caucus', { description: `You are now a voting member of ${caucus.name}.` });
      await queryClient.invalidateQueries();
    } catch (error) {
      const message = messageOf(error, 'Failed to join caucus');
      // Too many wrong passwords: the wait, in words, stays in the password dialog.
      if (error instanceof ApiError && (error.code === 'incorrect_password' || error.code === 'password_required' || (error.status === 429 && options.password !== undefined))) {
        setConfirmation(null);
        setPasswordError(message);
        setPasswordOpen(true);
        toast.error('Cannot Join', { description: message });
      } else if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
        setConfirmation(null);
        setPasswordOpen(false);
        toast.error('Cannot Join', { description: message });
        void queryClient.invalidateQueries({ queryKey: detailKey(caucus.id) });
      } else {
        toast.error(`Failed to join caucus: ${message}`);
      }
    } finally {
      setJoining(false);
    }
  }

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password.trim()) {
      setPasswordError(JOIN_MESSAGES.passwordRequired);
      return;
    }
    setPasswordError(null);
    void join({ password });
  };

  if (blocker) {
    return <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">{blocker}</p>;
  }
  return (
    <>
      <p className="text-sm text-slate-700">
        Take one of the {caucus.requiredVotingMembers} voting seats ({caucus.votingMemberCount} taken) and help elect this caucus&rsquo;s Delegate.
      </p>
      <Button
        variant="primary"
        className="w-full"
        disabled={joining}
        onClick={() => {
          if (caucus.isOpen) void join({});
          else {
            setPasswordError(null);
            setPasswordOpen(true);
          }
        }}
      >
        {joining ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <UserPlus className="h-4 w-4" aria-hidden="true" />}
        {joining ? 'Joining…' : 'Join Caucus'}
      </Button>

      <Dialog open={passwordOpen} onOpenChange={(open) => !joining && setPasswordOpen(open)}>
        <DialogContent title="Join Private Caucus" description={`${caucus.name} is private. Enter the password its members or organizers shared with you.`}>
          <form onSubmit={submitPassword} noValidate className="space-y-4">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${ids}-password`}>Caucus password</Label>
              <Input
                id={`${ids}-password`}
                type="password"
                autoComplete="off"
                maxLength={200}
                value={password}
                autoFocus
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={passwordError ? `${ids}-password-error` : undefined}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setPasswordError(null);
                }}
              />
              <FieldError id={`${ids}-password-error`}>{passwordError ?? undefined}</FieldError>
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setPasswordOpen(false)} disabled={joining}>
                Cancel
              </Button>
              <Button type="submit" variant="primary" disabled={joining}>
                {joining ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                {joining ? 'Joining…' : 'Join Caucus'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>

      <Dialog open={!!confirmation} onOpenChange={(open) => !open && !joining && setConfirmation(null)}>
        {confirmation ? (
          <DialogContent title="Leave Current Caucus?" description={confirmation.message}>
            <p className="text-sm text-slate-700">
              You hold one voting seat per level. Joining <strong>{caucus.name}</strong> removes you and your vote from <strong>{confirmation.existingCaucusName}</strong>.
            </p>
            <p className="mt-2 text-sm">
              <Link to={`/caucus/${confirmation.existingCaucusId}`} className="text-navy-700 underline" onClick={() => setConfirmation(null)}>
                View {confirmation.existingCaucusName}
              </Link>
            </p>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setConfirmation(null)} disabled={joining}>
                Stay in {confirmation.existingCaucusName}
              </Button>
              <Button variant="destructive" disabled={joining} onClick={() => void join({ password: password || undefined, confirmLeave: true })}>
                {joining ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                Leave and Join
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}

function LeaveButton({ caucus }: { caucus: CaucusDetail }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const leave = useMutation({
    mutationFn: () => api(`/api/caucuses/${caucus.id}/leave`, { method: 'POST', json: {} }),
    onSuccess: () => {
      setOpen(false);
      toast.success('You left the caucus', { description: `You are no longer a voting member of ${caucus.name}.` });
      void queryClient.invalidateQueries();
    },
    onError: (error) => toast.error('Failed to leave caucus', { description: messageOf(error, 'Please try again.') }),
  });
  return (
    <>
      <Button variant="outline" className="w-full text-red-700" onClick={() => setOpen(true)}>
        <LogOut className="h-4 w-4" aria-hidden="true" /> Leave Caucus
      </Button>
      <Dialog open={open} onOpenChange={(next) => !leave.isPending && setOpen(next)}>
        <DialogContent title="Leave this caucus?" description={`You will give up your voting seat in ${caucus.name}, and your vote will be removed.`}>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)} disabled={leave.isPending}>
              Stay
            </Button>
            <Button variant="destructive" onClick={() => leave.mutate()} disabled={leave.isPending}>
              {leave.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              Leave Caucus
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

/* ------------------------------------------------------------- invitations */

interface FoundUser {
  id: string;
  name: string;
  photoUrl: string | null;
  state?: string;
  district?: number;
}

/** A search box (debounced 300 ms) and up to 10 users, each with an Invite button. */
function UserSearch({
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
    if (shownError) toast.error('Search Error', { description: shownError.message });
  }, [shownError]);

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${ids}-q`}>{label}</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <Input id={`${ids}-q`} type="search" value={q} maxLength={100} placeholder={placeholder} className="pl-9" autoComplete="off" onChange={(e) => setQ(e.target.value)} />
        </div>
      </div>
      <div aria-live="polite" className="min-h-24">
        {term.length === 0 ? (
          <p className="text-sm text-slate-600">Type a name to search.</p>
        ) : search.isPending ? (
          <div role="status" aria-label="Searching" className="space-y-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : search.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Search Error: {search.error.message}
          </p>
        ) : search.data.length === 0 ? (
          <p className="text-sm text-slate-600">No users found.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {search.data.map((u) => {
              const done = invited.has(u.id);
              return (
                <li key={u.id} className="flex items-center gap-3 p-2">
                  <Avatar person={u} />
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium break-words text-slate-900">{u.name}</span>
                    {u.state && u.district ? <span className="block text-xs text-slate-600">{districtLabel(u.state, u.district)}</span> : null}
                  </span>
                  <Button
                    size="sm"
                    variant={done ? 'ghost' : 'primary'}
                    disabled={done || inviting === u.id}
                    aria-label={done ? `${u.name} invited` : `Invite ${u.name}`}
                    onClick={async () => {
                      setInviting(u.id);
                      const ok = await onInvite(u);
                      setInviting(null);
                      if (ok) setInvited((s) => new Set(s).add(u.id));
                    }}
                  >
                    {inviting === u.id ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : done ? <Check className="h-4 w-4" aria-hidden="true" /> : null}
                    {done ? 'Invited' : 'Invite'}
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

function InviteCoOrganizerDialog({ caucus }: { caucus: CaucusDetail }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const ids = useId();

  async function invite(body: { email: string } | { inviteeId: string }, who: string): Promise<boolean> {
    try {
      await api(`/api/caucuses/${caucus.id}/organizer-invitations`, { method: 'POST', json: body });
      toast.success('Invitation Sent', { description: `${who} has been invited to co-organize ${caucus.name}.` });
      return true;
    } catch (error) {
      const message = messageOf(error, 'Failed to send invitation.');
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        const [title, description] = splitMessage(message, 'Error');
        toast.error(title, { description });
      } else {
        toast.error('Error', { description: message });
      }
      return false;
    }
  }

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value || sending) return;
    setSending(true);
    const ok = await invite({ email: value }, value);
    setSending(false);
    if (ok) {
      setEmail('');
      setOpen(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full">
          <UserPlus className="h-4 w-4" aria-hidden="true" /> Invite Co-Organizer
        </Button>
      </DialogTrigger>
      <DialogContent title="Invite Co-Organizer" description="A co-organizer helps run this caucus and invite voters. Organizers do not vote.">
        <Tabs defaultValue="email">
          <TabsList aria-label="How to find the co-organizer">
            <TabsTrigger value="email">By Email</TabsTrigger>
            <TabsTrigger value="name">By Name</TabsTrigger>
          </TabsList>
          <TabsContent value="email" className="pt-4">
            <form onSubmit={submitEmail} noValidate className="space-y-3">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${ids}-email`}>Email address</Label>
                <Input
                  id={`${ids}-email`}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  maxLength={254}
                  value={email}
                  placeholder="name@example.com"
                  onChange={(e) => setEmail(e.target.value)}
                />
              </div>
              <Button type="submit" className="w-full" disabled={!email.trim() || sending}>
                {sending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                {sending ? 'Sending…' : 'Send Invitation'}
              </Button>
            </form>
          </TabsContent>
          <TabsContent value="name" className="pt-4">
            <UserSearch
              label="Search users by name"
              placeholder="Search by name"
              queryKey={['users', 'search']}
              url={(q) => `/api/users/search?q=${encodeURIComponent(q)}`}
              onInvite={(u) => invite({ inviteeId: u.id }, u.name)}
            />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function InviteOthersDialog({ caucus }: { caucus: CaucusDetail }) {
  const [open, setOpen] = useState(false);
  const where = districtLabel(caucus.state, caucus.district);

  async function invite(u: FoundUser): Promise<boolean> {
    try {
      await api(`/api/caucuses/${caucus.id}/voter-invitations`, { method: 'POST', json: { inviteeId: u.id } });
      toast.success('Invitation Sent', { description: `${u.name} has been invited to join ${caucus.name}.` });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toast.error(error.title ?? 'Already Invited', { description: error.message });
        return error.code === 'already_invited';
      }
      toast.error('Failed to send invitation', { description: messageOf(error, 'Please try again.') });
      return false;
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full">
          <Users className="h-4 w-4" aria-hidden="true" /> Invite Others
        </Button>
      </DialogTrigger>
      <DialogContent title="Invite Others" description={`Invite voters of ${where} (${stateName(caucus.state)}) to join as voting members.`}>
        <UserSearch
          label={`Search voters in ${where}`}
          placeholder="Search by name"
          queryKey={['caucuses', caucus.id, 'invitable-voters']}
          url={(q) => `/api/caucuses/${caucus.id}/invitable-voters?q=${encodeURIComponent(q)}`}
          onInvite={invite}
        />
      </DialogContent>
    </Dialog>
  );
}

/* ----------------------------------------------------------- administration */

function RequiredMembersCard({ caucus }: { caucus: CaucusDetail }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [value, setValue] = useState(String(caucus.requiredVotingMembers));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setValue(String(caucus.requiredVotingMembers)), [caucus.requiredVotingMembers]);
  const save = useMutation({
    mutationFn: (requiredVotingMembers: number) =>
      api(`/api/caucuses/${caucus.id}/required-members`, { method: 'PATCH', json: { requiredVotingMembers } }),
    onSuccess: (_data, n) => {
      toast.success('Required members updated', { description: `${caucus.name} now needs ${n} voting members.` });
      void queryClient.invalidateQueries({ queryKey: ['caucuses'] });
    },
    onError: (error) => toast.error('Failed to update required members', { description: messageOf(error, 'Please try again.') }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(value);
    if (!value.trim() || !Number.isInteger(n) || n < 1 || n > MAX_REQUIRED_MEMBERS) return setProblem(CAUCUS_MESSAGES.requiredMembersRange);
    if (n < caucus.votingMemberCount) return setProblem(CAUCUS_MESSAGES.requiredMembersBelowCount(n, caucus.votingMemberCount));
    setProblem(null);
    save.mutate(n);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Required Members</CardTitle>
        <CardDescription>Administrators set how many voting members this level 5 caucus needs.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-2">
          <Label htmlFor={`${ids}-n`}>Required voting members</Label>
          <div className="flex gap-2">
            <Input
              id={`${ids}-n`}
              type="number"
              inputMode="numeric"
              min={Math.max(1, caucus.votingMemberCount)}
              max={MAX_REQUIRED_MEMBERS}
              value={value}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${ids}-hint${problem ? ` ${ids}-error` : ''}`}
              onChange={(e) => {
                setValue(e.target.value);
                setProblem(null);
              }}
              className="w-28"
            />
            <Button type="submit" disabled={save.isPending || value === String(caucus.requiredVotingMembers)}>
              {save.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              Save
            </Button>
          </div>
          <p id={`${ids}-hint`} className="text-xs text-slate-600">
            From {Math.max(1, caucus.votingMemberCount)} (current members) to {MAX_REQUIRED_MEMBERS}.
          </p>
          <FieldError id={`${ids}-error`}>{problem ?? undefined}</FieldError>
        </form>
      </CardContent>
    </Card>
  );
}

/* ------------------------------------------------------------------ people */

function MembersCard({ caucus, onShowPerson }: { caucus: CaucusDetail; onShowPerson: (p: CaucusPerson) => void }) {
  const insider = !!caucus.viewer?.isMember;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          Members ({caucus.votingMemberCount}/{caucus.requiredVotingMembers})
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!insider ? (
          <p className="text-sm text-slate-600">Join the caucus to see its members.</p>
        ) : caucus.members.length === 0 ? (
          <EmptyState>No voting members yet.</EmptyState>
        ) : (
          <ul className="space-y-1">
            {caucus.members.map((m) => (
              <li key={m.id} className="flex items-center gap-2">
                <PersonButton person={m} onShow={onShowPerson} />
                {caucus.electedDelegate?.id === m.id ? <Pill tone="navy">Delegate</Pill> : null}
                <span className="ml-auto flex shrink-0 items-center gap-2">
                  {!caucus.electionFinalized && m.hasVoted ? (
                    <span className="flex shrink-0 items-center gap-1 text-xs text-green-800">
                      <Check className="h-3.5 w-3.5" aria-hidden="true" /> Voted
                    </span>
                  ) : null}
                  <BrownieButton receiverId={m.id} receiverName={m.name} compact />
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function OrganizersCard({ caucus, onShowPerson }: { caucus: CaucusDetail; onShowPerson: (p: CaucusPerson) => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Organizers</CardTitle>
      </CardHeader>
      <CardContent>
        {caucus.organizers.length === 0 ? (
          <p className="text-sm text-slate-600">No organizers: this caucus was started by a voting member.</p>
        ) : (
          <ul className="space-y-1">
            {caucus.organizers.map((o) => (
              <li key={o.id}>
                <PersonButton person={o} onShow={onShowPerson} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PersonButton({ person, onShow }: { person: CaucusPerson; onShow: (p: CaucusPerson) => void }) {
  return (
    <button
      type="button"
      onClick={() => onShow(person)}
      className="flex min-w-0 items-center gap-2 rounded-lg p-1.5 text-left hover:bg-slate-100"
      aria-label={`${person.name}, Level ${person.level}: view profile`}
    >
      <Avatar person={person} />
      <span className="min-w-0">
        <span className="block text-sm font-medium break-words text-slate-900">{person.name}</span>
        <span className="block text-xs text-slate-600">Level {person.level}</span>
      </span>
    </button>
  );
}

function Avatar({ person, size = 'sm' }: { person: { name: string; photoUrl: string | null }; size?: 'sm' | 'lg' }) {
  const box = size === 'lg' ? 'h-16 w-16 text-xl' : 'h-8 w-8 text-xs';
  if (person.photoUrl) return <img src={person.photoUrl} alt="" className={cn('shrink-0 rounded-full object-cover', box)} />;
  const initials = person.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return (
    <span aria-hidden="true" className={cn('flex shrink-0 items-center justify-center rounded-full bg-navy-100 font-semibold text-navy-800', box)}>
      {initials || '?'}
    </span>
  );
}

function ProfileDialog({ person, onClose }: { person: CaucusPerson | null; onClose: () => void }) {
  const former = person?.name === FORMER_MEMBER_NAME;
  const profile = useQuery({
    queryKey: ['profiles', person?.id ?? ''],
    queryFn: ({ signal }) => api<PublicProfile>(`/api/profiles/${encodeURIComponent(person!.id)}`, { signal }),
    enabled: !!person && !former,
  });
  return (
    <Dialog open={!!person} onOpenChange={(open) => !open && onClose()}>
      {person ? (
        <DialogContent title={person.name} description={`Level ${person.level}`}>
          <div className="flex items-start gap-4">
            <Avatar person={person} size="lg" />
            <div className="min-w-0 flex-1 space-y-1 text-sm">
              {former ? (
                <p className="text-slate-600">This member has left.</p>
              ) : profile.isPending ? (
                <div className="space-y-2" role="status" aria-label="Loading profile">
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-4 w-1/2" />
                </div>
              ) : profile.data ? (
                <>
                  {profile.data.tagline ? <p className="text-slate-800 italic">&ldquo;{profile.data.tagline}&rdquo;</p> : null}
                  <p className="text-slate-700">
                    {districtLabel(profile.data.state, profile.data.district)} · {profile.data.politicalAlignment ?? 'Not specified'}
                  </p>
                </>
              ) : null}
            </div>
          </div>
          {former ? null : (
            <div className="mt-6 flex justify-end">
              <Button asChild variant="primary">
                <Link to={`/profile/${person.id}`} onClick={onClose}>
                  View Profile
                </Link>
              </Button>
            </div>
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/* ------------------------------------------------------------------ common */

function Pill({ tone, children }: { tone: 'green' | 'slate' | 'navy' | 'amber'; children: ReactNode }) {
  const tones = {
    green: 'bg-green-100 text-green-800',
    slate: 'bg-slate-200 text-slate-800',
    navy: 'bg-navy-100 text-navy-800',
    amber: 'bg-amber-100 text-amber-900',
  } as const;
  return <span className={cn('inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone])}>{children}</span>;
}

