import { RefreshCw } from 'lucide-react';
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
  const lists = useMyChallenges();
  if (lists.isPending) {
    return (
      <div className="space-y-8">
        <ChallengeListSkeleton label="Loading challenges" />
        <ChallengeListSkeleton label="Loading recent challenges" />
      </div>
    );
  }
  if (lists.isError) {
    return (
      <ErrorState title="Could not load your challenges" message={lists.error.message}>
        <Button variant="outline" onClick={() => void lists.refetch()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> Try Again
        </Button>
      </ErrorState>
    );
  }
  const { ongoing, recent, invitations } = lists.data;
  return (
    <div>
      {invitations.length > 0 ? (
        <Section title={`Invitations (${invitations.length})`}>
          <ChallengeCardList challenges={invitations} label="Challenge invitations" empty="No invitations." invitation />
        </Section>
      ) : null}
      <Section title="Ongoing Challenges" actions={withCreate ? <CreateChallengeDialog /> : undefined}>
        <ChallengeCardList
          challenges={ongoing}
          label="Ongoing challenges"
          empty="You are not in any ongoing challenge. Create one and invite your friends!"
        />
      </Section>
      <Section title="Recent Challenges">
        <ChallengeCardList challenges={recent} label="Recent challenges" empty="No challenges completed in the last 30 days." />
      </Section>
    </div>
  );
}
