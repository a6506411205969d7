import { Link } from 'react-router';
import { Page } from '../../components/ui/page';
import { LinkButton } from '../../components/ui/link-button';
import { CaucusCards, ListSkeleton, OrganizerInvitationList, Section, SectionError } from './invitation-cards';
import { useMyCaucuses, useMyInvitations } from './invitation-queries';
import { useDocumentTitle } from '../../components/layout/use-document-title';

/** /organizing: the caucuses the user organizes, a way to create one, and organizer invitations received. */
export default function OrganizingPage() {
  useDocumentTitle('Organizing');
  const caucuses = useMyCaucuses();
  const invitations = useMyInvitations();
  const organizing = caucuses.data?.filter((c) => c.role === 'organizer');
  const received = invitations.data?.organizerReceived.filter((i) => i.status === 'pending') ?? [];

  return (
    <Page
      title="Organizing"
      subtitle="Organizers create caucuses and guide them to elect a Delegate. They do not vote."
      actions={
        <LinkButton to="/create-caucus">
          Create New Caucus
        </LinkButton>
      }
    >
      <Section title="Caucuses You Organize">
        <CaucusCards
          caucuses={organizing}
          isLoading={caucuses.isLoading}
          error={caucuses.error}
          onRetry={() => void caucuses.refetch()}
          label="Caucuses you organize"
          empty={
            <span className="flex flex-col items-center gap-3">
              You do not organize any caucus yet.
              <LinkButton to="/create-caucus">Create New Caucus</LinkButton>
            </span>
          }
        />
      </Section>
      <Section
        title="Invitations to Organize"
        actions={
          <Link to="/organizer-invitations" className="text-sm font-medium text-navy-700 hover:underline">
            All organizer invitations
          </Link>
        }
      >
        {invitations.isLoading ? (
          <ListSkeleton label="Loading invitations" />
        ) : invitations.error ? (
          <SectionError message={`Failed to load invitations: ${invitations.error.message}`} onRetry={() => void invitations.refetch()} />
        ) : (
          <OrganizerInvitationList invitations={received} direction="received" label="Invitations to organize" empty="No pending invitations to co-organize a caucus." />
        )}
      </Section>
    </Page>
  );
}
