import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('invitations');
  useDocumentTitle(t('myCaucuses.title'));
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
    <Page title={t('myCaucuses.title')} subtitle={t('myCaucuses.subtitle')}>
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label={t('myCaucuses.tabsLabel')} className="mb-6 max-w-lg">
          <TabsTrigger value="representation">
            {t('myCaucuses.representationTab')}
            {pendingVoting.length > 0 ? (
              <>
                <span className="ml-1.5 rounded-full bg-accent-700 px-1.5 text-xs text-white" aria-hidden="true">
                  {pendingVoting.length}
                </span>
                <span className="sr-only"> {t('myCaucuses.pendingCount', { count: pendingVoting.length })}</span>
              </>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="organizing">{t('myCaucuses.organizingTab')}</TabsTrigger>
          <TabsTrigger value="challenges">{t('myCaucuses.challengesTab')}</TabsTrigger>
        </TabsList>

        <TabsContent value="representation">
          <Section
            title={t('myCaucuses.yourCaucuses')}
            actions={
              <LinkButton to="/representation" variant="outline">
                {t('myCaucuses.viewRepresentation')}
              </LinkButton>
            }
          >
            <CaucusCards
              caucuses={voting}
              isLoading={caucuses.isLoading}
              error={caucuses.error}
              onRetry={() => void caucuses.refetch()}
              label={t('myCaucuses.votingLabel')}
              loadingLabel={t('myCaucuses.votingLoading')}
              empty={
                <span className="flex flex-col items-center gap-3">
                  {t('myCaucuses.votingEmpty')}
                  <LinkButton to="/caucus-search">{t('myCaucuses.findCaucus')}</LinkButton>
                </span>
              }
            />
          </Section>
          <Section title={t('myCaucuses.invitations')}>
            {invitations.isLoading ? (
              <ListSkeleton label={t('myCaucuses.invitationsLoading')} />
            ) : invitations.error ? (
              <SectionError message={t('myCaucuses.invitationsFailed', { message: invitations.error.message })} onRetry={() => void invitations.refetch()} />
            ) : (
              <VoterInvitationList invitations={pendingVoting} empty={t('myCaucuses.invitationsEmpty')} />
            )}
          </Section>
        </TabsContent>

        <TabsContent value="organizing">
          <Section
            title={t('myCaucuses.organizeTitle')}
            actions={
              <div className="flex flex-wrap gap-2">
                <LinkButton to="/organizing" variant="outline">
                  {t('myCaucuses.organizingPage')}
                </LinkButton>
                <LinkButton to="/organizer-invitations" variant="outline">
                  {t('myCaucuses.organizerInvitations')}
                </LinkButton>
                <LinkButton to="/create-caucus">
                  {t('myCaucuses.createCaucus')}
                </LinkButton>
              </div>
            }
          >
            <CaucusCards
              caucuses={organizing}
              isLoading={caucuses.isLoading}
              error={caucuses.error}
              onRetry={() => void caucuses.refetch()}
              label={t('myCaucuses.organizeLabel')}
              loadingLabel={t('myCaucuses.organizeLoading')}
              empty={t('myCaucuses.organizeEmpty')}
            />
          </Section>
        </TabsContent>

        <TabsContent value="challenges">
          <ChallengesOverview withCreate />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
