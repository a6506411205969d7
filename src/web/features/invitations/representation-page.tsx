import { Award, ChevronDown, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CaucusPerson, RepresentationLink } from '../../../domain/caucuses/caucus-types';
import { MAX_LEVEL } from '../../../domain/caucuses/level';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState, ErrorState, Page } from '../../components/ui/page';
import { LinkButton } from '../../components/ui/link-button';
import { Skeleton } from '../../components/ui/skeleton';
import { Pill } from './invitation-cards';
import { useRepresentation } from './invitation-queries';
import { useDocumentTitle } from '../../components/layout/use-document-title';

function Avatar({ person, size = 'h-9 w-9' }: { person: CaucusPerson; size?: string }) {
  return person.photoUrl ? (
    <img src={person.photoUrl} alt="" className={`${size} shrink-0 rounded-full object-cover`} />
  ) : (
    <span className={`${size} flex shrink-0 items-center justify-center rounded-full bg-navy-50 text-navy-700`}>
      <UserRound className="h-5 w-5" aria-hidden="true" />
    </span>
  );
}

function LevelCard({ link }: { link: RepresentationLink }) {
  const { t } = useTranslation('invitations');
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-accent-700 uppercase">{t('representation.level', { level: link.level })}</p>
        <h2 className="mt-0.5 text-lg font-semibold break-words">
          <Link to={`/caucus/${link.caucusId}`} className="text-navy-800 hover:underline">
            {link.caucusName}
          </Link>
        </h2>
      </div>
      {link.delegate ? (
        <div className="flex min-w-0 items-center gap-3">
          <Avatar person={link.delegate} />
          <div className="min-w-0">
            <p className="text-xs text-slate-600">{t('representation.electedDelegate')}</p>
            <Link to={`/profile/${link.delegate.id}`} className="font-medium break-words text-navy-800 hover:underline">
              {link.delegate.name}
            </Link>
          </div>
        </div>
      ) : (
        <div>
          <Pill tone="amber">{t('representation.electionPending')}</Pill>
        </div>
      )}
    </Card>
  );
}

function MissingLevel({ level, previous }: { level: number; previous: RepresentationLink | undefined }) {
  const { t } = useTranslation('invitations');
  const text =
    previous && previous.level === level - 1
      ? previous.delegate
        ? t('representation.delegateNotJoined', { previous: level - 1, level })
        : t('representation.waitingForDelegate', { previous: level - 1 })
      : t('representation.notReached');
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 p-5 text-slate-600">
      <p className="text-xs font-semibold tracking-wide uppercase">{t('representation.level', { level })}</p>
      <p className="mt-1 text-sm">{text}</p>
    </div>
  );
}

function CandidateCard({ candidate }: { candidate: CaucusPerson }) {
  const { t } = useTranslation('invitations');
  return (
    <Card className="border-accent-500 bg-orange-50 p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <Award className="mt-0.5 h-7 w-7 shrink-0 text-accent-600" aria-hidden="true" />
          <div className="min-w-0">
            <h2 className="text-lg font-semibold text-navy-900">{t('representation.candidateTitle')}</h2>
            <p className="text-sm text-slate-700">{t('representation.candidateText')}</p>
          </div>
        </div>
        <Link to={`/profile/${candidate.id}`} className="flex min-w-0 items-center gap-3 rounded-lg p-1 hover:bg-orange-100">
          <Avatar person={candidate} size="h-11 w-11" />
          <span className="font-semibold break-words text-navy-800">{candidate.name}</span>
        </Link>
      </div>
    </Card>
  );
}

/** /representation: the chain of caucuses that represents the user, level 1 up to 5. */
export default function RepresentationPage() {
  const { t } = useTranslation('invitations');
  useDocumentTitle(t('representation.documentTitle'));
  const chain = useRepresentation();
  const links = chain.data ?? [];
  const top = links.length ? Math.max(...links.map((l) => l.level)) : 0;
  const candidate = links.find((l) => l.level === MAX_LEVEL && l.electionFinalized && l.delegate)?.delegate ?? null;
  const missingLevels = links.length ? Array.from({ length: MAX_LEVEL - top }, (_, i) => top + i + 1) : [];
  const topLink = links.filter((l) => l.level === top).find((l) => l.electionFinalized) ?? links.find((l) => l.level === top);

  return (
    <Page title={t('representation.title')} subtitle={t('representation.subtitle')}>
      {chain.isLoading ? (
        <div className="space-y-4" role="status" aria-label={t('representation.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 rounded-2xl" />
          ))}
        </div>
      ) : chain.error ? (
        <ErrorState
          title={t('representation.failed')}
          message={t('representation.failedMessage', { message: chain.error.message || t('representation.unexpectedError') })}
        >
          <Button onClick={() => void chain.refetch()}>{t('representation.retry')}</Button>
        </ErrorState>
      ) : links.length === 0 ? (
        <EmptyState>
          <span className="flex flex-col items-center gap-3">
            {t('representation.empty')}
            <LinkButton to="/caucus-search">{t('representation.findCaucus')}</LinkButton>
          </span>
        </EmptyState>
      ) : (
        <div className="space-y-6">
          {candidate ? <CandidateCard candidate={candidate} /> : null}
          <ol className="space-y-2" aria-label={t('representation.chainLabel')}>
            {links.map((link, i) => (
              <li key={link.caucusId}>
                {i > 0 ? <ChevronDown className="mx-auto mb-2 h-5 w-5 text-slate-400" aria-hidden="true" /> : null}
                <LevelCard link={link} />
              </li>
            ))}
            {missingLevels.map((level) => (
              <li key={`missing-${level}`}>
                <ChevronDown className="mx-auto mb-2 h-5 w-5 text-slate-300" aria-hidden="true" />
                <MissingLevel level={level} previous={level === top + 1 ? topLink : undefined} />
              </li>
            ))}
          </ol>
        </div>
      )}
    </Page>
  );
}
