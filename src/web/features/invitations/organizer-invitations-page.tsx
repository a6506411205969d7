import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ErrorState, Page } from '../../components/ui/page';
import { ListSkeleton, OrganizerInvitationList, Section } from './invitation-cards';
import { useMyInvitations } from './invitation-queries';
import { useDocumentTitle } from '../../components/layout/use-document-title';

/** /organizer-invitations: co-organizer invitations received (answerable while pending) and sent. */
export default function OrganizerInvitationsPage() {
  const { t } = useTranslation('invitations');
  useDocumentTitle(t('organizerInvitations.title'));
  const invitations = useMyInvitations();

  return (
    <Page title={t('organizerInvitations.title')} subtitle={t('organizerInvitations.subtitle')}>
      {invitations.isLoading ? (
        <div className="space-y-8">
          <ListSkeleton label={t('organizerInvitations.receivedLoading')} />
          <ListSkeleton label={t('organizerInvitations.sentLoading')} />
        </div>
      ) : invitations.error ? (
        <ErrorState title={t('organizerInvitations.failed')} message={invitations.error.message}>
          <Button onClick={() => void invitations.refetch()}>{t('organizerInvitations.retry')}</Button>
        </ErrorState>
      ) : (
        <>
          <Section title={t('organizerInvitations.received')}>
            <OrganizerInvitationList
              invitations={invitations.data?.organizerReceived ?? []}
              direction="received"
              label={t('organizerInvitations.receivedLabel')}
              empty={t('organizerInvitations.receivedEmpty')}
            />
          </Section>
          <Section title={t('organizerInvitations.sent')}>
            <OrganizerInvitationList
              invitations={invitations.data?.organizerSent ?? []}
              direction="sent"
              label={t('organizerInvitations.sentLabel')}
              empty={t('organizerInvitations.sentEmpty')}
            />
          </Section>
        </>
      )}
    </Page>
  );
}
