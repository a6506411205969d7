import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { CaucusPerson } from '../../../domain/caucuses/caucus-types';
import { districtLabel, stateName } from '../../../domain/geography/states';
import type { OwnProfile } from '../../../domain/profiles/profile-types';
import { ApiError } from '../../api/http';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/class-names';
import { ErrorState, Page } from '../../components/ui/page';
import { useSession } from '../session/use-session';
import { CaucusChat } from './caucus-chat';
import { ElectionRecordCard } from './election-record-view';
import { ReportButton } from '../moderation/report-dialog';
import { LinkButton } from '../../components/ui/link-button';
import { ActionsCard } from './caucus-detail/actions-card';
import { useCaucus } from './caucus-detail/caucus-detail-query';
import { DetailSkeleton, LoginRequired, NotFound } from './caucus-detail/detail-states';
import { ElectionCard } from './caucus-detail/election-card';
import { InformationCard } from './caucus-detail/information-card';
import { MembersCard } from './caucus-detail/members-card';
import { InvitationsCard } from './caucus-detail/invitations-card';
import { OrganizersCard } from './caucus-detail/organizers-card';
import { Pill } from './caucus-detail/pill';
import { ProfileDialog } from './caucus-detail/profile-dialog';
import { RequiredMembersCard } from './caucus-detail/required-members-card';

/**
 * /caucus/{id}: Caucus Information, the Organizers and Members lists, the Delegate
 * Election panel, Join or Caucus Actions (with the invitation dialogs), the chat for
 * members and organizers, and for administrators the required-members editor of a level 5
 * caucus. Every rule is the server's; this page shows what it answers.
 *
 * This file loads the caucus and lays the cards out; each card (and its dialogs) is a file
 * of ./caucus-detail/.
 */

export default function CaucusDetailPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const { t } = useTranslation('caucuses');
  if (session.isLoading) return <DetailSkeleton />;
  if (!session.user) return <LoginRequired caucusId={id} />;
  if (!id) return <NotFound message={t('detailPage.noId')} />;
  return <CaucusDetailView caucusId={id} user={session.user} />;
}

function CaucusDetailView({ caucusId, user }: { caucusId: string; user: OwnProfile }) {
  const query = useCaucus(caucusId);
  const [person, setPerson] = useState<CaucusPerson | null>(null);
  const { t } = useTranslation('caucuses');
  useDocumentTitle(query.data?.name ?? t('detailPage.caucus'));

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 401) return <LoginRequired caucusId={caucusId} />;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <NotFound message={t('detailPage.notFound')} />;
    return (
      <Page>
        <h1 className="sr-only">{t('detailPage.caucus')}</h1>
        <ErrorState title={t('detailPage.errorTitle')} message={t('detailPage.errorMessage', { message: error.message })}>
          <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RefreshCw className={cn('h-4 w-4', query.isFetching && 'animate-spin')} aria-hidden="true" /> {t('detailPage.tryAgain')}
          </Button>
          <Button asChild variant="ghost">
            <Link to="/caucus-search">{t('detailPage.toSearch')}</Link>
          </Button>
        </ErrorState>
      </Page>
    );
  }

  const caucus = query.data;
  const insider = !!caucus.viewer?.isMember;
  return (
    <Page
      title={caucus.name}
      subtitle={t('detailPage.subtitle', { district: districtLabel(caucus.state, caucus.district), state: stateName(caucus.state), level: caucus.level })}
      actions={
        <div className="flex flex-wrap gap-2">
          <Pill tone={caucus.electionFinalized ? 'navy' : 'amber'}>{caucus.electionFinalized ? t('detailPage.delegateElected') : t('detailPage.electionPending')}</Pill>
          <Pill tone={caucus.status === 'available' ? 'green' : 'slate'}>{caucus.status === 'available' ? t('detailPage.open') : t('detailPage.closed')}</Pill>
          {caucus.hidden ? <Pill tone="amber">{t('detailPage.hidden')}</Pill> : null}
          {!caucus.viewer?.isOrganizer ? <ReportButton itemKind="caucus" itemId={caucus.id} /> : null}
        </div>
      }
    >
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <InformationCard caucus={caucus} />
          {insider ? <ElectionCard caucus={caucus} user={user} onShowPerson={setPerson} /> : null}
          {insider ? <CaucusChat caucusId={caucus.id} /> : null}
          {insider ? <ElectionRecordCard caucusId={caucus.id} /> : caucus.electionFinalized ? <PublicRecordLink caucusId={caucus.id} /> : null}
        </div>
        <div className="min-w-0 space-y-6">
          <ActionsCard caucus={caucus} user={user} />
          {caucus.viewer?.isAdministrator && caucus.level === 5 && !caucus.electionFinalized ? <RequiredMembersCard caucus={caucus} /> : null}
          <MembersCard caucus={caucus} onShowPerson={setPerson} />
          <OrganizersCard caucus={caucus} onShowPerson={setPerson} />
          {caucus.viewer?.isOrganizer ? <InvitationsCard caucus={caucus} /> : null}
        </div>
      </div>
      <ProfileDialog person={person} onClose={() => setPerson(null)} />
    </Page>
  );
}

/** Anyone may check a finalized caucus's election record. */
function PublicRecordLink({ caucusId }: { caucusId: string }) {
  const { t } = useTranslation('caucuses');
  return (
    <LinkButton to={`/caucus/${caucusId}/record`} variant="outline">
      {t('detailPage.publicRecord')}
    </LinkButton>
  );
}
