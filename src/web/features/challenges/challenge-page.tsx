import { Check, Loader2, LogOut, RefreshCw, Trophy, X } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { daysLeft } from '../../../domain/challenges/challenge-rules';
import { TEAMS, type ChallengeDetails, type ChallengeView, type Team } from '../../../domain/challenges/challenge-schemas';
import { ApiError } from '../../api/http';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../components/ui/class-names';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { ErrorState, Page } from '../../components/ui/page';
import { LinkButton } from '../../components/ui/link-button';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useFormat } from '../../i18n/format';
import { useSession } from '../session/use-session';
import { ChallengeChat } from './challenge-chat';
import { TEAM_STYLE, TeamPill, TypeIcon } from './challenge-cards';
import { useAcceptChallenge, useChallenge, useDeclineChallenge, useLeaveChallenge } from './challenge-queries';

/** /challenge/{id}: the invitation view, the challenge view for members, or Access Denied (decided by the server). */
export default function ChallengePage() {
  const { t } = useTranslation('challenges');
  const { id = '' } = useParams();
  const challenge = useChallenge(id);
  useDocumentTitle(challenge.data?.challenge.name ?? t('challengePage.documentTitle'));

  if (challenge.isPending) return <PageSkeleton />;
  if (challenge.isError) {
    const denied = challenge.error instanceof ApiError && (challenge.error.status === 403 || challenge.error.status === 404);
    return (
      <Page>
        {denied ? (
          <ErrorState title={t('challengePage.accessDeniedTitle')} message={t('challengePage.accessDenied')}>
            <LinkButton to="/challenges">{t('challengePage.goToChallenges')}</LinkButton>
          </ErrorState>
        ) : (
          <ErrorState title={t('challengePage.loadError')} message={challenge.error.message}>
            <Button variant="outline" onClick={() => void challenge.refetch()}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('challengePage.tryAgain')}
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
  const { t } = useTranslation('challenges');
  const format = useFormat();
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-slate-600">{t('facts.type')}</dt>
        <dd className="flex items-center gap-1.5 font-medium text-slate-900">
          <TypeIcon type={challenge.challengeType} className="h-4 w-4 text-accent-700" /> {t(`type.${challenge.challengeType}`)}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">{t('facts.duration')}</dt>
        <dd className="font-medium text-slate-900">{t('facts.durationDays', { count: challenge.durationDays })}</dd>
      </div>
      <div>
        <dt className="text-slate-600">{t('facts.started')}</dt>
        <dd className="font-medium text-slate-900">{format.date(challenge.startDate)}</dd>
      </div>
      <div>
        <dt className="text-slate-600">{t('facts.ends')}</dt>
        <dd className="font-medium text-slate-900">{format.date(challenge.endDate)}</dd>
      </div>
    </dl>
  );
}

function StatusLine({ challenge }: { challenge: ChallengeDetails }) {
  const { t } = useTranslation('challenges');
  if (challenge.status === 'completed') return <span className="text-sm font-medium text-slate-700">{t('member.completed')}</span>;
  const left = daysLeft(new Date(challenge.endDate), new Date());
  return <span className="text-sm font-medium text-green-800">{t('daysLeft', { count: left })}</span>;
}

function InvitationView({ view }: { view: Extract<ChallengeView, { kind: 'invitation' }> }) {
  const { t } = useTranslation('challenges');
  const { challenge } = view;
  const navigate = useNavigate();
  const accept = useAcceptChallenge();
  const decline = useDeclineChallenge();
  const busy = accept.isPending || decline.isPending;

  const onAccept = () =>
    accept.mutate(challenge.id, {
      onSuccess: ({ team }) => toast.success(t('invitation.joined'), { description: t('invitation.joinedDescription', { team: t(`team.${team}`) }) }),
      onError: (error) => toast.error(t('invitation.joinFailed'), { description: error.message }),
    });
  const onDecline = () =>
    decline.mutate(challenge.id, {
      onSuccess: () => {
        toast.success(t('invitation.declined'));
        void navigate('/home');
      },
      onError: (error) => toast.error(t('invitation.declineFailed'), { description: error.message }),
    });

  return (
    <Page title={challenge.name} subtitle={t('invitation.subtitle', { name: view.inviterName })}>
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle>{t('invitation.title')}</CardTitle>
          <CardDescription>{t('invitation.description', { type: t(`type.${challenge.challengeType}`) })}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <Facts challenge={challenge} />
          <div className="flex flex-wrap gap-2">
            {TEAMS.map((team) => (
              <TeamPill key={team} team={team}>
                {t('invitation.teamCount', { team: t(`team.${team}`), count: challenge.teamCounts[team] })}
              </TeamPill>
            ))}
          </div>
          {view.canRespond ? (
            <>
              <p className="text-sm text-slate-700">
                <Trans
                  t={t}
                  i18nKey="invitation.joinTeam"
                  values={{ team: t(`team.${view.teamToJoin}`) }}
                  components={{ strong: <strong className={TEAM_STYLE[view.teamToJoin].text} /> }}
                />
              </p>
              <div className="flex flex-wrap gap-2">
                <Button onClick={onAccept} disabled={busy}>
                  {accept.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Check className="h-4 w-4" aria-hidden="true" />}
                  {t('invitation.accept')}
                </Button>
                <Button variant="outline" onClick={onDecline} disabled={busy}>
                  {decline.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <X className="h-4 w-4" aria-hidden="true" />}
                  {t('invitation.decline')}
                </Button>
              </div>
            </>
          ) : (
            <p className="rounded-lg bg-slate-100 p-3 text-sm font-medium text-slate-800" role="status">
              {t('invitation.ended')}
            </p>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}

function MemberView({ view }: { view: Extract<ChallengeView, { kind: 'member' }> }) {
  const { t } = useTranslation('challenges');
  const { challenge, scores, myTeam } = view;
  const { user } = useSession();
  const typeLabel = t(`type.${challenge.challengeType}`);
  const completed = challenge.status === 'completed';

  return (
    <Page
      title={challenge.name}
      subtitle={
        <span className="flex flex-wrap items-center gap-2">
          <TeamPill team={myTeam}>{t('member.you', { team: t(`team.${myTeam}`) })}</TeamPill>
          <StatusLine challenge={challenge} />
        </span>
      }
      actions={!completed ? <LeaveButton challengeId={challenge.id} name={challenge.name} /> : undefined}
    >
      <div className="space-y-6">
        {completed ? <Outcome winner={challenge.winningTeam} /> : null}

        <section aria-labelledby="team-scores" className="space-y-3">
          <h2 id="team-scores" className="text-xl font-semibold text-navy-900">
            {t('member.scoresTitle')}
          </h2>
          <div className="grid grid-cols-2 gap-3">
            {TEAMS.map((team) => (
              <div
                key={team}
                role="group"
                aria-label={t(`team.${team}`)}
                className={cn('rounded-2xl border-2 p-4 text-center', TEAM_STYLE[team].panel, challenge.winningTeam === team && 'ring-2 ring-offset-2 ring-amber-400')}
              >
                <p className={cn('text-sm font-semibold', TEAM_STYLE[team].text)}>{t(`team.${team}`)}</p>
                <p className={cn('mt-1 text-4xl font-bold tabular-nums', TEAM_STYLE[team].text)} data-testid={`${team}-score`}>
                  {scores[team]}
                </p>
                <p className="mt-1 text-xs text-slate-700">{t('member.teamSummary', { type: typeLabel, count: challenge.teamCounts[team] })}</p>
              </div>
            ))}
          </div>
          <Facts challenge={challenge} />
        </section>

        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>{t('member.rankingTitle')}</CardTitle>
              <CardDescription>{t('member.rankingDescription', { type: challenge.challengeType })}</CardDescription>
            </CardHeader>
            <CardContent>
              <ol className="divide-y divide-slate-100" aria-label={t('member.rankingLabel')}>
                {scores.ranking.map((r) => (
                  <li key={r.userId} className={cn('flex items-center gap-3 py-2', r.userId === user?.id && 'font-semibold')}>
                    <span className="w-6 text-right text-sm text-slate-600 tabular-nums">{r.rank}</span>
                    <span className="min-w-0 flex-1 break-words text-slate-900">
                      {r.name}
                      {r.userId === user?.id ? <span className="font-normal text-slate-600"> {t('member.youMark')}</span> : null}
                    </span>
                    <TeamPill team={r.team}>{t(`teamShort.${r.team}`)}</TeamPill>
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
  const { t } = useTranslation('challenges');
  return (
    <div
      role="status"
      className={cn('flex items-center gap-3 rounded-2xl border-2 p-4 text-lg font-semibold', winner ? TEAM_STYLE[winner].panel : 'border-slate-300 bg-slate-50')}
    >
      <Trophy className="h-6 w-6 text-amber-600" aria-hidden="true" />
      <span className={winner ? TEAM_STYLE[winner].text : 'text-slate-800'}>
        {winner ? t('member.winner', { team: t(`team.${winner}`) }) : t('member.tie')}
      </span>
    </div>
  );
}

function LeaveButton({ challengeId, name }: { challengeId: string; name: string }) {
  const { t } = useTranslation('challenges');
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const leave = useLeaveChallenge();
  const onLeave = () =>
    leave.mutate(challengeId, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t('leave.left'));
        void navigate('/challenges');
      },
      onError: (error) => toast.error(t('leave.failed'), { description: error.message }),
    });
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <LogOut className="h-4 w-4" aria-hidden="true" /> {t('leave.button')}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !leave.isPending && setOpen(next)}>
        <DialogContent title={t('leave.title')} description={t('leave.description', { name })}>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)} disabled={leave.isPending}>
              {t('leave.stay')}
            </Button>
            <Button variant="destructive" onClick={onLeave} disabled={leave.isPending}>
              {leave.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {t('leave.confirm')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
