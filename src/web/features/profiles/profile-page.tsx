import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { OwnProfile, PublicProfile } from '../../../domain/profiles/profile-types';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { ErrorState, Page } from '../../components/ui/page';
import { useSession } from '../session/use-session';
import { BrownieButton } from '../brownies/brownie-button';
import { ApiTokensCard } from '../api-tokens/api-tokens-card';
import { AccountCard } from './account-card';
import { ActivityFeedCard } from './activity-feed-card';
import { DisplayCard } from './display-card';
import { PointsSummaryCard } from './points-summary-card';
import { ProfileImageCard } from './profile-image-card';
import { ProfileInfoCard } from './profile-info-card';
import { usePublicProfile } from './profile-queries';
import { ProfileSkeleton } from './profile-skeleton';
import { RecentBadgesCard } from './recent-badges-card';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { BlockButton } from '../moderation/block-button';
import { ReportButton } from '../moderation/report-dialog';
import { SuspensionButtons } from '../moderation/suspension-buttons';

/**
 * /profile (one's own, editable) and /profile/{userId} (anyone's, read-only unless it is
 * one's own id). Cards: Profile Image, Points Summary, Recent Badges, Profile Information,
 * Activity Feed, and for the owner the account actions.
 */
export default function ProfilePage() {
  const { userId } = useParams();
  const session = useSession();
  if (!userId) return <OwnProfileView />;
  if (session.isLoading) return <ProfileSkeleton />;
  if (session.user?.id === userId) return <OwnProfileView />;
  return <OtherProfileView userId={userId} />;
}

function OwnProfileView() {
  const { t } = useTranslation('profiles');
  const { user, isLoading, error, refetch } = useSession();
  const queryClient = useQueryClient();
  if (isLoading) return <ProfileSkeleton />;
  if (!user) {
    const message = error ? t('page.ownLoadError', { message: error.message }) : t('page.ownLoadFailed');
    return (
      <ProfileError
        message={message}
        onRetry={() => {
          void refetch();
          void queryClient.invalidateQueries({ queryKey: ['profiles'] });
        }}
      />
    );
  }
  return <ProfileLayout profile={user} own={user} />;
}

function OtherProfileView({ userId }: { userId: string }) {
  const { t } = useTranslation('profiles');
  const { data, isLoading, error } = usePublicProfile(userId);
  if (isLoading) return <ProfileSkeleton />;
  if (!data) {
    const message =
      error instanceof ApiError && error.status === 404
        ? t('page.notFound')
        : t('page.loadFailed', { message: error?.message ?? t('page.notFound') });
    return <ProfileError message={message} />;
  }
  return <ProfileLayout profile={data} own={null} />;
}

function ProfileLayout({ profile, own }: { profile: PublicProfile; own: OwnProfile | null }) {
  const { t } = useTranslation('profiles');
  const viewer = useSession().user;
  const signedIn = !!viewer;
  const title = own ? t('page.ownTitle') : t('page.otherTitle', { name: profile.name });
  useDocumentTitle(title);
  return (
    <Page
      title={title}
      subtitle={profile.tagline || undefined}
      actions={
        !own && !profile.isDeleted ? (
          <div className="flex flex-wrap gap-2">
            <BrownieButton receiverId={profile.id} receiverName={profile.name} />
            {signedIn ? <BlockButton userId={profile.id} name={profile.name} /> : null}
            {signedIn ? <ReportButton itemKind="profile" itemId={profile.id} /> : null}
            {viewer?.isAdministrator ? <SuspensionButtons userId={profile.id} name={profile.name} /> : null}
          </div>
        ) : undefined
      }
    >
      {profile.hidden ? (
        <p className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          {own ? t('page.hiddenForOwner') : t('page.hiddenPlaceholder')}
        </p>
      ) : null}
      {profile.isDeleted ? (
        <p className="mb-6 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
          {t('page.left')}
        </p>
      ) : null}
      <div className="grid gap-6 md:grid-cols-3">
        <div className="space-y-6">
          <ProfileImageCard name={profile.name} photoUrl={profile.photoUrl} isOwner={!!own} />
          <PointsSummaryCard points={profile} />
          <RecentBadgesCard userId={profile.id} />
        </div>
        <div className="space-y-6 md:col-span-2">
          <ProfileInfoCard profile={profile} own={own} />
          <ActivityFeedCard userId={profile.id} />
          {own ? <DisplayCard /> : null}
          {own ? <ApiTokensCard /> : null}
          {own ? <AccountCard profile={own} /> : null}
        </div>
      </div>
    </Page>
  );
}

/** 'Profile Error' with Go to Caucus Search and, for the owner, Retry Loading Profile. */
function ProfileError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation('profiles');
  useDocumentTitle(t('page.errorTitle'));
  return (
    <Page>
      <h1 className="sr-only">{t('page.heading')}</h1>
      <ErrorState title={t('page.errorTitle')} message={message}>
        <Button asChild variant="primary">
          <Link to="/caucus-search">
            <Search className="h-4 w-4" aria-hidden="true" /> {t('page.goToSearch')}
          </Link>
        </Button>
        {onRetry ? (
          <Button variant="outline" onClick={onRetry}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('page.retry')}
          </Button>
        ) : null}
      </ErrorState>
    </Page>
  );
}

