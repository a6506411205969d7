import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/ui/page';
import { LinkButton } from '../../components/ui/link-button';
import { CaucusCards, ListSkeleton, OrganizerInvitationList, Section, SectionError } from './invitation-cards';
import { useMyCaucuses, useMyInvitations } from './invitation-queries';
import { useDocumentTitle } from '../../components/layout/use-document-title';

/** /organizing: the caucuses the user organizes, a way to create one, and organizer invitations received. */
export default function OrganizingPage() {
  const { t } = useTranslation('invitations');
  useDocumentTitle(t('organizing.title'));
  const caucuses = useMyCaucuses();
  const invitations = useMyInvitations();
  const organizing = caucuses.data?.filter((c) => c.role === 'organizer');
  const received = invitations.data?.organizerReceived.filter((i) => i.status === 'pending') ?? [];

  return (
    <Page
      title={t('organizing.title')}
      subtitle={t('organizing.subtitle')}
      actions={<LinkButton to="/create-caucus">{t('organizing.createCaucus')}</LinkButton>}
    >
      <Section title={t('organizing.yourCaucuses')}>
        <CaucusCards
          caucuses={organizing}
          isLoading={caucuses.isLoading}
          error={caucuses.error}
          onRetry={() => void caucuses.refetch()}
          label={t('organizing.caucusesLabel')}
          loadingLabel={t('organizing.caucusesLoading')}
          empty={
            <span className="flex flex-col items-center gap-3">
              {t('organizing.caucusesEmpty')}
              <LinkButton to="/create-caucus">{t('organizing.createCaucus')}</LinkButton>
            </span>
          }
        />
      </Section>
      <Section
        title={t('organizing.invitations')}
        actions={
          <Link to="/organizer-invitations" className="text-sm font-medium text-navy-700 hover:underline">
            {t('organizing.allInvitations')}
          </Link>
        }
      >
        {invitations.isLoading ? (
          <ListSkeleton label={t('organizing.invitationsLoading')} />
        ) : invitations.error ? (
          <SectionError message={t('organizing.invitationsFailed', { message: invitations.error.message })} onRetry={() => void invitations.refetch()} />
        ) : (
          <OrganizerInvitationList
            invitations={received}
            direction="received"
            label={t('organizing.invitationsLabel')}
            empty={t('organizing.invitationsEmpty')}
          />
        )}
      </Section>
    </Page>
  );
}
