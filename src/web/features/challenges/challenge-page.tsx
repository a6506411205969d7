import { Check, Loader2, LogOut, RefreshCw, Trophy, X } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { daysLeft } from '../../../domain/challenges/challenge-rules';
import { CHALLENGE_MESSAGES, TEAMS, type ChallengeDetails, type ChallengeView, type Team } from '../../../domain/challenges/challenge-schemas';
import { ApiError } from '../../api/http';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../components/ui/class-names';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { ErrorState, Page } from '../../components/ui/page';
import { LinkButton } from '../../components/ui/link-button';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useSession } from '../session/use-session';
import { ChallengeChat } from './challenge-chat';
import { TEAM_LABEL, TEAM_STYLE, TYPE_LABEL, TeamPill, TypeIcon, formatDate } from './challenge-cards';
import { useAcceptChallenge, useChallenge, useDeclineChallenge, useLeaveChallenge } from './challenge-queries';

/** /challenge/{id}: the invitation view, the challenge view for members, or Access Denied (decided by the server). */
export default function ChallengePage() {
  const { id = '' } = useParams();
  const challenge = useChallenge(id);
  useDocumentTitle(challenge.data?.challenge.name ?? 'Challenge');

  if (challenge.isPending) return <PageSkeleton />;
  if (challenge.isError) {
    const denied = challenge.error instanceof ApiError && (challenge.error.status === 403 || challenge.error.status === 404);
    return (
      <Page>
        {denied ? (
          <ErrorState title={CHALLENGE_MESSAGES.accessDeniedTitle} message={CHALLENGE_MESSAGES.accessDenied}>
            <LinkButton to="/challenges">Go to Challenges</LinkButton>
          </ErrorState>
        ) : (
          <ErrorState title="Could not load the challenge" message={challenge.error.message}>
            <Button variant="outline" onClick={() => void challenge.refetch()}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> Try Again
            </Button>
          </ErrorState>
        )}
      </Page>
    );
  }
  const view = challenge.data;
  return view.kind === 'member' ? <MemberView view={view} /> : <InvitationView view={view} />;
}

function Facts({ challenge }: { challenge: ChallengeDetails }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-slate-600">Type</dt>
        <dd className="flex items-center gap-1.5 font-medium text-slate-900">
          <TypeIcon type={challenge.challengeType} className="h-4 w-4 text-accent-700" /> {TYPE_LABEL[challenge.challengeType]}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">Duration</dt>
        <dd className="font-medium text-slate-900">{challenge.durationDays} days</dd>
      </div>
      <div>
        <dt className="text-slate-600">Started</dt>
        <dd className="font-medium text-slate-900">{formatDate(challenge.startDate)}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Ends</dt>
        <dd className="font-medium text-slate-900">{formatDate(challenge.endDate)}</dd>
      </div>
    </dl>
  );
}

function StatusLine({ challenge }: { challenge: ChallengeDetails }) {
  if (challenge.status === 'completed') return <span className="text-sm font-medium text-slate-700">Completed</span>;
  const left = daysLeft(new Date(challenge.endDate), new Date());
  return <span className="text-sm font-medium text-green-800">{left === 1 ? '1 day left' : `${left} days left`}</span>;
}

function InvitationView({ view }: { view: Extract<ChallengeView, { kind: 'invitation' }> }) {
  const { challenge } = view;
  const navigate = useNavigate();
  const accept = useAcceptChallenge();
  const decline = useDeclineChallenge();
  const busy = accept.isPending || decline.isPending;

  const onAccept = () =>
    accept.mutate(challenge.id, {
      onSuccess: ({ team }) => toast.success('Challenge Joined', { description: `You are on the ${TEAM_LABEL[team]}.` }),
      onError: (error) => toast.error(CHALLENGE_MESSAGES.joinFailed, { description: error.message }),
    });
  const onDecline = () =>
    decline.mutate(challenge.id, {
      onSuccess: () => {
        toast.success('Invitation Declined');
        void navigate('/home');
      },
      onError: (error) => toast.error('Failed to decline the invitation.', { description: error.message }),
    });

  return (
    <Page title={challenge.name} subtitle={`${view.inviterName} invited you to this team challenge.`}>
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle>Challenge Invitation</CardTitle>
          <CardDescription>
            The team that earns more {TYPE_LABEL[challenge.challengeType]} between the start and the end wins.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <Facts challenge={challenge} />
          <div className="flex flex-wrap gap-2">
            {TEAMS.map((t) => (
              <TeamPill key={t} team={t}>
                {TEAM_LABEL[t]}: {challenge.teamCounts[t]} {challenge.teamCounts[t] === 1 ? 'member' : 'members'}
              </TeamPill>
            ))}
          </div>
          {view.canRespond ? (
            <>
              <p className="text-sm text-slate-700">
                If you accept, you join the smaller team: the <strong className={TEAM_STYLE[view.teamToJoin].text}>{TEAM_LABEL[view.teamToJoin]}</strong>.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button onClick={onAccept} disabled={busy}>
                  {accept.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Check className="h-4 w-4" aria-hidden="true" />}
                  Accept
                </Button>
                <Button variant="outline" onClick={onDecline} disabled={busy}>
                  {decline.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <X className="h-4 w-4" aria-hidden="true" />}
                  Decline
                </Button>
              </div>
            </>
          ) : (
            <p className="rounded-lg bg-slate-100 p-3 text-sm font-medium text-slate-800" role="status">
              {CHALLENGE_MESSAGES.ended}
            </p>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}

function MemberView({ view }: { view: Extract<ChallengeView, { kind: 'member' }> }) {
  const { challenge, scores, myTeam } = view;
  const { user } = useSession();
  const completed = challenge.status === 'completed';

  return (
    <Page
      title={challenge.name}
      subtitle={
        <span className="flex flex-wrap items-center gap-2">
          <TeamPill team={myTeam}>You: {TEAM_LABEL[myTeam]}</TeamPill>
          <StatusLine challenge={challenge} />
        </span>
      }
      actions={!completed ? <LeaveButton challengeId={challenge.id} name={challenge.name} /> : undefined}
    >
      <div className="space-y-6">
        {completed ? <Outcome winner={challenge.winningTeam} /> : null}

        <section aria-labelledby="team-scores" className="space-y-3">
          <h2 id="team-scores" className="text-xl font-semibold text-navy-900">
            Team Scores
          </h2>
          <div className="grid grid-cols-2 gap-3">
            {TEAMS.map((t) => (
              <div
                key={t}
                role="group"
                aria-label={TEAM_LABEL[t]}
                className={cn('rounded-2xl border-2 p-4 text-center', TEAM_STYLE[t].panel, challenge.winningTeam === t && 'ring-2 ring-offset-2 ring-amber-400')}
              >
                <p className={cn('text-sm font-semibold', TEAM_STYLE[t].text)}>{TEAM_LABEL[t]}</p>
                <p className={cn('mt-1 text-4xl font-bold tabular-nums', TEAM_STYLE[t].text)} data-testid={`${t}-score`}>
                  {scores[t]}
                </p>
                <p className="mt-1 text-xs text-slate-700">
                  {TYPE_LABEL[challenge.challengeType]} · {challenge.teamCounts[t]} {challenge.teamCounts[t] === 1 ? 'member' : 'members'}
                </p>
              </div>
            ))}
          </div>
          <Facts challenge={challenge} />
        </section>

        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Individual Ranking</CardTitle>
              <CardDescription>{TYPE_LABEL[challenge.challengeType]} earned since the start.</CardDescription>
            </CardHeader>
            <CardContent>
              <ol className="divide-y divide-slate-100" aria-label="Individual ranking">
                {scores.ranking.map((r) => (
                  <li key={r.userId} className={cn('flex items-center gap-3 py-2', r.userId === user?.id && 'font-semibold')}>
                    <span className="w-6 text-right text-sm text-slate-600 tabular-nums">{r.rank}</span>
                    <span className="min-w-0 flex-1 break-words text-slate-900">
                      {r.name}
                      {r.userId === user?.id ? <span className="font-normal text-slate-600"> (you)</span> : null}
                    </span>
                    <TeamPill team={r.team}>{r.team === 'blue' ? 'Blue' : 'Orange'}</TeamPill>
                    <span className="w-10 text-right tabular-nums text-slate-900">{r.score}</span>
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
          <ChallengeChat challengeId={challenge.id} />
        </div>
      </div>
    </Page>
  );
}

function Outcome({ winner }: { winner: Team | null }) {
  return (
    <div
      role="status"
      className={cn('flex items-center gap-3 rounded-2xl border-2 p-4 text-lg font-semibold', winner ? TEAM_STYLE[winner].panel : 'border-slate-300 bg-slate-50')}
    >
      <Trophy className="h-6 w-6 text-amber-600" aria-hidden="true" />
      <span className={winner ? TEAM_STYLE[winner].text : 'text-slate-800'}>
        {winner ? `${TEAM_LABEL[winner]} wins!` : 'It’s a tie: no winner this time.'}
      </span>
    </div>
  );
}

function LeaveButton({ challengeId, name }: { challengeId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const leave = useLeaveChallenge();
  const onLeave = () =>
    leave.mutate(challengeId, {
      onSuccess: () => {
        setOpen(false);
        toast.success('You left the challenge');
        void navigate('/challenges');
      },
      onError: (error) => toast.error(CHALLENGE_MESSAGES.leaveFailed, { description: error.message }),
    });
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <LogOut className="h-4 w-4" aria-hidden="true" /> Leave Challenge
      </Button>
      <Dialog open={open} onOpenChange={(next) => !leave.isPending && setOpen(next)}>
        <DialogContent title="Leave this challenge?" description={`You will leave ${name} and its team chat, and you cannot rejoin it.`}>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)} disabled={leave.isPending}>
              Stay
            </Button>
            <Button variant="destructive" onClick={onLeave} disabled={leave.isPending}>
              {leave.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              Leave Challenge
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
