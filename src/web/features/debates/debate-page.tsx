import { ReportButton } from '../moderation/report-dialog';
import { ArrowLeft, Info, Lock, LogIn, MessageSquareReply, Shield } from 'lucide-react';
import { useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { DebateDetail, RebuttalView, ResponseView } from '../../../domain/debates/debate-types';
import { ApiError } from '../../api/http';
import { useAppOrigin } from '../../components/app-origin';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { CopyButton } from '../../components/ui/copy-button';
import { EmptyState, ErrorState, Page } from '../../components/ui/page';
import { LinkButton } from '../../components/ui/link-button';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useSession } from '../session/use-session';
import { ContributionCard } from './contribution-card';
import { DaysLeft, DebateTypeBadge, ParticipantsBadge } from './debate-badges';
import { useDebate } from './debate-queries';
import { DeleteDebateDialog } from './delete-debate-dialog';
import { InviteFriendsDialog } from './invite-friends-dialog';
import { SubmissionDialog } from './submission-dialog';
import { useDocumentTitle } from '../../components/layout/use-document-title';

function JoinButton({ debate }: { debate: DebateDetail }) {
  const { t } = useTranslation('debates');
  if (!debate.viewer || debate.closed) return null;
  if (debate.viewer.hasResponded) {
    return <Button disabled>{t('debate.responseSubmitted')}</Button>;
  }
  return (
    <SubmissionDialog
      debateId={debate.id}
      debateType={debate.debateType}
      target={{ kind: 'response' }}
      trigger={<Button>{debate.debateType === 'audio' ? t('debate.joinAudio') : t('debate.joinText')}</Button>}
    />
  );
}

function RebuttalItem({ debate, response, rebuttal, viewerId }: { debate: DebateDetail; response: ResponseView; rebuttal: RebuttalView; viewerId: string | null }) {
  const { t } = useTranslation('debates');
  const canDefend = !debate.closed && !!viewerId && viewerId === response.author.id && !rebuttal.defense;
  return (
    <li>
      <ContributionCard
        debate={debate}
        item={rebuttal}
        className="border-l-4 border-l-orange-300"
        actions={
          canDefend ? (
            <SubmissionDialog
              debateId={debate.id}
              debateType={debate.debateType}
              target={{ kind: 'defense', parentId: rebuttal.id }}
              trigger={
                <Button variant="outline" size="sm" aria-label={t('debate.defendLabel', { name: rebuttal.author.name })}>
                  <Shield className="h-4 w-4" aria-hidden="true" /> {t('debate.defend')}
                </Button>
              }
            />
          ) : null
        }
      >
        {rebuttal.defense ? (
          <div className="mt-3 pl-3 sm:pl-6">
            <ContributionCard debate={debate} item={rebuttal.defense} className="border-l-4 border-l-green-300" />
          </div>
        ) : null}
      </ContributionCard>
    </li>
  );
}

function ResponseItem({ debate, response, viewerId, itemRef }: { debate: DebateDetail; response: ResponseView; viewerId: string | null; itemRef?: Ref<HTMLLIElement> }) {
  const { t } = useTranslation('debates');
  const canRebut =
    !debate.closed && !!viewerId && !!debate.viewer?.isParticipant && viewerId !== response.author.id && !response.rebuttals.some((r) => r.author.id === viewerId);
  return (
    <li ref={itemRef} tabIndex={-1} className="rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-navy-500">
      <ContributionCard
        debate={debate}
        item={response}
        actions={
          canRebut ? (
            <SubmissionDialog
              debateId={debate.id}
              debateType={debate.debateType}
              target={{ kind: 'rebuttal', parentId: response.id }}
              trigger={
                <Button variant="outline" size="sm" aria-label={t('debate.rebutLabel', { name: response.author.name })}>
                  <MessageSquareReply className="h-4 w-4" aria-hidden="true" /> {t('debate.rebut')}
                </Button>
              }
            />
          ) : null
        }
      >
        {response.rebuttals.length > 0 ? (
          <ul className="mt-3 space-y-3 pl-3 sm:pl-6" aria-label={t('debate.rebuttalsLabel', { name: response.author.name })}>
            {response.rebuttals.map((r) => (
              <RebuttalItem key={r.id} debate={debate} response={response} rebuttal={r} viewerId={viewerId} />
            ))}
          </ul>
        ) : null}
      </ContributionCard>
    </li>
  );
}

/** /debate/{id}: the debate, its responses with their rebuttals and defenses, and what the viewer may do. */
export default function DebatePage() {
  const { t } = useTranslation('debates');
  const { id = '' } = useParams();
  const { user } = useSession();
  const query = useDebate(id);
  const origin = useAppOrigin();
  useDocumentTitle(query.data?.title ? t('debate.documentTitleNamed', { title: query.data.title }) : t('debate.documentTitle'));
  /** After Load more: the index of the first newly loaded response, which then takes the focus (the button may be gone). */
  const focusFrom = useRef<number | null>(null);

  if (query.isPending) return <PageSkeleton />;
  // A failed Load more (or background refresh) keeps what is shown; only a first load that failed replaces it.
  if (query.isError && query.data === undefined) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Page>
        {missing ? (
          <ErrorState title={t('debate.notFound')} message={t('debate.notFoundMessage')}>
            <LinkButton to="/debate">
              <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t('debate.backToDebates')}
            </LinkButton>
          </ErrorState>
        ) : (
          <ErrorState title={t('debate.loadFailed')} message={query.error.message}>
            <Button onClick={() => void query.refetch()}>{t('debate.retry')}</Button>
            <LinkButton to="/debate" variant="outline">
              {t('debate.backToDebates')}
            </LinkButton>
          </ErrorState>
        )}
      </Page>
    );
  }

  const debate = query.data;
  const viewerId = user?.id ?? null;
  const canInvite = !!debate.viewer?.isCreator && !debate.closed && debate.participantCount < debate.maxParticipants;
  const shareUrl = `${origin}/debate/${debate.id}`;
  const loadMore = () => {
    if (query.isFetchingNextPage) return;
    focusFrom.current = debate.responses.length;
    void query.fetchNextPage();
  };
  const focusIfFirstNew = (index: number) => (element: HTMLLIElement | null) => {
    if (element && focusFrom.current === index) {
      focusFrom.current = null;
      element.focus();
    }
  };

  return (
    <Page>
      <nav className="mb-4">
        <Link to="/debate" className="inline-flex items-center gap-1 text-sm text-navy-700 underline-offset-4 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t('debate.allDebates')}
        </Link>
      </nav>
      <header className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="text-2xl font-bold break-words text-navy-900 md:text-3xl">{debate.title}</h1>
          <CopyButton
            text={shareUrl}
            label={t('debate.shareUrl')}
            copiedLabel={t('debate.linkCopied')}
            toastTitle={t('debate.linkCopiedTitle')}
            toastDescription={t('debate.linkCopiedDescription')}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <DebateTypeBadge type={debate.debateType} />
          <ParticipantsBadge debate={debate} />
          {debate.viewer?.isCreator ? <span className="rounded-full bg-orange-100 px-2.5 py-0.5 text-xs font-medium text-orange-900">{t('debate.createdByYou')}</span> : null}
          {debate.hidden && debate.viewer?.isCreator ? <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900">{t('hidden.forAuthor')}</span> : null}
          <DaysLeft debate={debate} />
        </div>
        <p className="text-sm text-slate-600">{t('debate.startedBy', { name: debate.creator.name })}</p>
        <Card>
          <CardContent className="pt-6">
            <h2 className="sr-only">{t('debate.prompt')}</h2>
            <p className="break-words whitespace-pre-wrap text-slate-800">{debate.prompt}</p>
          </CardContent>
        </Card>
      </header>

      {debate.closed ? (
        <p role="status" className="mt-4 flex items-start gap-2 rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
          <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> {t('debate.closedBanner')}
        </p>
      ) : null}

      {!user ? (
        <Card className="mt-4">
          <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
            <p className="text-slate-800">{t('debate.loginToParticipate')}</p>
            <LinkButton to="/auth">
              <LogIn className="h-4 w-4" aria-hidden="true" /> {t('debate.logInOrRegister')}
            </LinkButton>
          </CardContent>
        </Card>
      ) : null}

      <div className="mt-4 flex flex-wrap gap-2">
        <JoinButton debate={debate} />
        {canInvite ? <InviteFriendsDialog debate={debate} /> : null}
        {debate.viewer?.canDelete ? <DeleteDebateDialog debateId={debate.id} /> : null}
        {debate.viewer && !debate.viewer.isCreator && !debate.hidden ? <ReportButton itemKind="debate" itemId={debate.id} /> : null}
      </div>

      <section className="mt-8" aria-labelledby="responses-heading">
        <h2 id="responses-heading" className="mb-3 text-xl font-semibold text-slate-900">
          {t('debate.responsesHeading', { count: debate.responseCount })}
        </h2>
        {debate.closed ? <p className="mb-3 text-sm text-slate-700">{t('debate.votingClosed')}</p> : null}
        {!debate.closed && debate.viewer && !debate.viewer.isParticipant && debate.responses.some((r) => r.author.id !== viewerId) ? (
          <p className="mb-3 flex items-start gap-2 rounded-lg border border-navy-100 bg-navy-50 p-3 text-sm text-navy-900">
            <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> {t('debate.rebutAfterResponding')}
          </p>
        ) : null}
        {debate.responses.length === 0 ? (
          <EmptyState>{t('debate.noResponses')}</EmptyState>
        ) : (
          <ul className="space-y-4" aria-label={t('debate.responsesLabel')}>
            {debate.responses.map((r, i) => (
              <ResponseItem key={r.id} debate={debate} response={r} viewerId={viewerId} itemRef={focusIfFirstNew(i)} />
            ))}
          </ul>
        )}
        {query.hasNextPage ? (
          <LoadMoreButton loading={query.isFetchingNextPage} onClick={loadMore}>
            {t('debate.loadMore')}
          </LoadMoreButton>
        ) : null}
        {query.isFetchNextPageError ? (
          <p role="alert" className="mt-3 text-center text-sm text-red-700">
            {t('debate.loadMoreFailed')}
          </p>
        ) : null}
      </section>
    </Page>
  );
}
