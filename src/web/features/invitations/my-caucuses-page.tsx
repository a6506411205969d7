import { useSearchParams } from 'react-router';
import { Page } from '../../components/ui/page';
import { LinkButton } from '../../components/ui/link-button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ChallengesOverview } from '../challenges/challenges-overview';
import { CaucusCards, ListSkeleton, Section, SectionError, VoterInvitationList } from './invitation-cards';
import { useMyCaucuses, useMyInvitations } from './invitation-queries';
import { useDocumentTitle } from '../../components/layout/use-document-title';

const TABS = ['representation', 'organizing', 'challenges'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly string[]).includes(value ?? '');

/** /my-caucuses: the caucuses the user votes in (with voting invitations) and those they organize; `?tab=` selects the tab. */
export default function MyCaucusesPage() {
  useDocumentTitle('My Caucuses');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'representation';
  const caucuses = useMyCaucuses();
  const invitations = useMyInvitations();

  const voting = caucuses.data?.filter((c) => c.role === 'voting');
  const organizing = caucuses.data?.filter((c) => c.role === 'organizer');
  const pendingVoting = invitations.data?.voting.filter((i) => i.status === 'pending') ?? [];

  const selectTab = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <Page title="My Caucuses" subtitle="The caucuses you vote in, the ones you organize, and your challenges.">
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label="My caucuses" className="mb-6 max-w-lg">
          <TabsTrigger value="representation">
            Representation
            {pendingVoting.length > 0 ? (
              <>
                <span className="ml-1.5 rounded-full bg-accent-700 px-1.5 text-xs text-white" aria-hidden="true">
                  {pendingVoting.length}
                </span>
                <span className="sr-only"> ({pendingVoting.length} pending invitations)</span>
              </>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="organizing">Organizing</TabsTrigger>
          <TabsTrigger value="challenges">Challenges</TabsTrigger>
        </TabsList>

        <TabsContent value="representation" className="focus-visible:outline-none">
          <Section title="Your Caucuses" actions={<LinkButton to="/representation" variant="outline">View Representation</LinkButton>}>
            <CaucusCards
              caucuses={voting}
              isLoading={caucuses.isLoading}
              error={caucuses.error}
              onRetry={() => void caucuses.refetch()}
              label="Caucuses you vote in"
              empty={
                <span className="flex flex-col items-center gap-3">
                  You are not a voting member of any caucus yet.
                  <LinkButton to="/caucus-search">Find Your Caucus</LinkButton>
                </span>
              }
            />
          </Section>
          <Section title="Invitations">
            {invitations.isLoading ? (
              <ListSkeleton label="Loading invitations" />
            ) : invitations.error ? (
              <SectionError message={`Failed to load invitations: ${invitations.error.message}`} onRetry={() => void invitations.refetch()} />
            ) : (
              <VoterInvitationList invitations={pendingVoting} empty="No pending invitations to join a caucus." />
            )}
          </Section>
        </TabsContent>

        <TabsContent value="organizing" className="focus-visible:outline-none">
          <Section
            title="Caucuses You Organize"
            actions={
              <div className="flex flex-wrap gap-2">
                <LinkButton to="/organizing" variant="outline">
                  Organizing Page
                </LinkButton>
                <LinkButton to="/organizer-invitations" variant="outline">
                  Organizer Invitations
                </LinkButton>
                <LinkButton to="/create-caucus">
                  Create New Caucus
                </LinkButton>
              </div>
            }
          >
            <CaucusCards
              caucuses={organizing}
              isLoading={caucuses.isLoading}
              error={caucuses.error}
              onRetry={() => void caucuses.refetch()}
              label="Caucuses you organize"
              empty="You do not organize any caucus yet. Organizers create caucuses and guide them to elect a Delegate, without voting."
            />
          </Section>
        </TabsContent>

        <TabsContent value="challenges" className="focus-visible:outline-none">
          <ChallengesOverview withCreate />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
