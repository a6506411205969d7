import { Button } from '../../components/ui/button';
import { ErrorState, Page } from '../../components/ui/page';
import { ListSkeleton, OrganizerInvitationList, Section } from './invitation-cards';
import { useMyInvitations } from './invitation-queries';
import { useDocumentTitle } from '../../components/layout/use-document-title';

/** /organizer-invitations: co-organizer invitations received (answerable while pending) and sent. */
export default function OrganizerInvitationsPage() {
  useDocumentTitle('Organizer Invitations');
  const invitations = useMyInvitations();

  return (
    <Page title="Organizer Invitations" subtitle="Invitations to co-organize a caucus, received and sent.">
      {invitations.isLoading ? (
        <div className="space-y-8">
          <ListSkeleton label="Loading received invitations" />
          <ListSkeleton label="Loading sent invitations" />
        </div>
      ) : invitations.error ? (
        <ErrorState title="Failed to load invitations" message={invitations.error.message}>
          <Button onClick={() => void invitations.refetch()}>Try Again</Button>
        </ErrorState>
      ) : (
        <>
          <Section title="Received">
            <OrganizerInvitationList
              invitations={invitations.data?.organizerReceived ?? []}
              direction="received"
              label="Received organizer invitations"
              empty="You have not received any invitation to co-organize a caucus."
            />
          </Section>
          <Section title="Sent">
            <OrganizerInvitationList
              invitations={invitations.data?.organizerSent ?? []}
              direction="sent"
              label="Sent organizer invitations"
              empty="You have not invited anyone to co-organize yet. Use Invite Co-Organizer on a caucus you organize."
            />
          </Section>
        </>
      )}
    </Page>
  );
}
