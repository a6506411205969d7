import { Flag, Sparkles, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { daysLeft } from '../../../domain/challenges/challenge-rules';
import type { ChallengeSummary, ChallengeType, Team } from '../../../domain/challenges/challenge-schemas';
import { Card } from '../../components/ui/card';
import { useFormat } from '../../i18n/format';
import { cn } from '../../components/ui/class-names';
import { EmptyState } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';

/** Blue and orange name the teams (DESIGN "Look and feel"); text colours keep AA contrast. */
export const TEAM_STYLE: Record<Team, { pill: string; panel: string; text: string; dot: string }> = {
  blue: { pill: 'bg-blue-100 text-blue-900', panel: 'border-blue-300 bg-blue-50', text: 'text-blue-900', dot: 'bg-blue-600' },
  orange: { pill: 'bg-orange-100 text-orange-900', panel: 'border-orange-300 bg-orange-50', text: 'text-orange-900', dot: 'bg-orange-500' },
};

export function TeamPill({ team, children }: { team: Team; children?: ReactNode }) {
  const { t } = useTranslation('challenges');
  return (
    <span className={cn('inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold', TEAM_STYLE[team].pill)}>
      <span className={cn('h-2 w-2 rounded-full', TEAM_STYLE[team].dot)} aria-hidden="true" />
      {children ?? t(`team.${team}`)}
    </span>
  );
}

export function TypeIcon({ type, className }: { type: ChallengeType; className?: string }) {
  return type === 'sparks' ? <Sparkles className={className} aria-hidden="true" /> : <Flag className={className} aria-hidden="true" />;
}

function Status({ challenge }: { challenge: ChallengeSummary }) {
  const { t } = useTranslation('challenges');
  if (challenge.status === 'completed') {
    return challenge.winningTeam ? (
      <TeamPill team={challenge.winningTeam}>
        <Trophy className="h-3 w-3" aria-hidden="true" /> {t('card.won', { team: t(`team.${challenge.winningTeam}`) })}
      </TeamPill>
    ) : (
      <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">{t('card.tie')}</span>
    );
  }
  const left = daysLeft(new Date(challenge.endDate), new Date());
  return (
    <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
      {t('daysLeft', { count: left })}
    </span>
  );
}

/** A challenge card linking to /challenge/{id}. */
export function ChallengeCard({ challenge, invitation = false }: { challenge: ChallengeSummary; invitation?: boolean }) {
  const { t } = useTranslation('challenges');
  const format = useFormat();
  return (
    <li>
      <Card className="h-full transition-shadow hover:shadow-md">
        <Link to={`/challenge/${challenge.id}`} className="flex h-full flex-col gap-2 rounded-2xl p-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="flex min-w-0 items-center gap-2 font-semibold break-words text-navy-800">
              <TypeIcon type={challenge.challengeType} className="h-4 w-4 shrink-0 text-accent-700" />
              {challenge.name}
            </h3>
            <Status challenge={challenge} />
          </div>
          <p className="text-sm text-slate-600">
            {t('card.summary', { type: t(`type.${challenge.challengeType}`), days: challenge.durationDays, members: challenge.memberCount })}
          </p>
          <p className="text-sm text-slate-600">
            {format.date(challenge.startDate)} – {format.date(challenge.endDate)}
          </p>
          <div className="mt-auto flex flex-wrap gap-2 pt-1">
            {challenge.myTeam ? <TeamPill team={challenge.myTeam}>{t('card.you', { team: t(`team.${challenge.myTeam}`) })}</TeamPill> : null}
            {invitation ? <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{t('card.invitation')}</span> : null}
          </div>
        </Link>
      </Card>
    </li>
  );
}

export function ChallengeCardList({
  challenges,
  label,
  empty,
  invitation = false,
}: {
  challenges: ChallengeSummary[];
  label: string;
  empty: ReactNode;
  invitation?: boolean;
}) {
  if (challenges.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label={label}>
      {challenges.map((c) => (
        <ChallengeCard key={c.id} challenge={c} invitation={invitation} />
      ))}
    </ul>
  );
}

export function ChallengeListSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2" role="status" aria-label={label}>
      <Skeleton className="h-32" />
      <Skeleton className="h-32" />
    </div>
  );
}
