import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/page';
import { Section } from '../invitations/invitation-cards';
import { ChallengeCardList, ChallengeListSkeleton } from './challenge-cards';
import { useMyChallenges } from './challenge-queries';
import { CreateChallengeDialog } from './create-challenge-dialog';

/**
 * The viewer's challenges: invitations to answer, ongoing ones and those completed in the
 * last 30 days, each card linking to /challenge/{id}. Shown on /challenges and in the
 * Challenges tab of /my-caucuses.
 */
export function ChallengesOverview({ withCreate = false }: { withCreate?: boolean }) {
  const { t } = useTranslation('challenges');
  const lists = useMyChallenges();
  if (lists.isPending) {
    return (
      <div className="space-y-8">
        <ChallengeListSkeleton label={t('overview.loading')} />
        <ChallengeListSkeleton label={t('overview.loadingRecent')} />
      </div>
    );
  }
  if (lists.isError) {
    return (
      <ErrorState title={t('overview.loadError')} message={lists.error.message}>
        <Button variant="outline" onClick={() => void lists.refetch()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('overview.tryAgain')}
        </Button>
      </ErrorState>
    );
  }
  const { ongoing, recent, invitations } = lists.data;
  return (
    <div>
      {invitations.length > 0 ? (
        <Section title={t('overview.invitationsTitle', { count: invitations.length })}>
          <ChallengeCardList challenges={invitations} label={t('overview.invitationsLabel')} empty={t('overview.invitationsEmpty')} invitation />
        </Section>
      ) : null}
      <Section title={t('overview.ongoingTitle')} actions={withCreate ? <CreateChallengeDialog /> : undefined}>
        <ChallengeCardList
          challenges={ongoing}
          label={t('overview.ongoingLabel')}
          empty={t('overview.ongoingEmpty')}
        />
      </Section>
      <Section title={t('overview.recentTitle')}>
        <ChallengeCardList challenges={recent} label={t('overview.recentLabel')} empty={t('overview.recentEmpty')} />
      </Section>
    </div>
  );
}
