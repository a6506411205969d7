import { HelpCircle, MessagesSquare } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEBATE_LIMITS, MAX_SECONDS, MAX_WORDS, formatSeconds } from '../../../domain/debates/debate-rules';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { EmptyState, ErrorState, Page } from '../../components/ui/page';
import { LinkButton } from '../../components/ui/link-button';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../session/use-session';
import { CreateDebateDialog } from './create-debate-dialog';
import { DaysLeft, DebateTypeBadge, ParticipantsBadge } from './debate-badges';
import { useDebates } from './debate-queries';
import { useDocumentTitle } from '../../components/layout/use-document-title';

function HowItWorksDialog() {
  const { t } = useTranslation('debates');
  const strong = { strong: <strong /> };
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <HelpCircle className="h-4 w-4" aria-hidden="true" /> {t('howItWorks.button')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('howItWorks.title')} description={t('howItWorks.description')}>
        <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
          <li>
            {t('howItWorks.prompt', {
              minDays: DEBATE_LIMITS.minDays,
              maxDays: DEBATE_LIMITS.maxDays,
              defaultDays: DEBATE_LIMITS.defaultDays,
              maxFriends: DEBATE_LIMITS.maxInvitedFriends,
            })}
          </li>
          <li>
            <Trans
              t={t}
              i18nKey="howItWorks.respond"
              values={{ maxParticipants: DEBATE_LIMITS.maxParticipants, words: MAX_WORDS.response, duration: formatSeconds(MAX_SECONDS.response) }}
              components={strong}
            />
          </li>
          <li>
            <Trans t={t} i18nKey="howItWorks.rebut" values={{ words: MAX_WORDS.rebuttal, duration: formatSeconds(MAX_SECONDS.rebuttal) }} components={strong} />
          </li>
          <li>
            <Trans t={t} i18nKey="howItWorks.defend" values={{ words: MAX_WORDS.defense, duration: formatSeconds(MAX_SECONDS.defense) }} components={strong} />
          </li>
          <li>{t('howItWorks.vote')}</li>
          <li>{t('howItWorks.limits', { unverified: DEBATE_LIMITS.activeDebatesUnverified, verified: DEBATE_LIMITS.activeDebatesVerified })}</li>
        </ol>
      </DialogContent>
    </Dialog>
  );
}

function ListSkeleton() {
  const { t } = useTranslation('debates');
  return (
    <div className="grid gap-4 md:grid-cols-2" role="status" aria-label={t('list.loading')}>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-36" />
      ))}
    </div>
  );
}

/** /debate: open debates, newest first; the create and how-it-works dialogs; a register prompt for visitors. */
export default function DebatesPage() {
  const { t } = useTranslation('debates');
  useDocumentTitle(t('list.title'));
  const { user, isLoading: sessionLoading } = useSession();
  const debates = useDebates();

  return (
    <Page
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      actions={
        <div className="flex flex-wrap gap-2">
          <HowItWorksDialog />
          {user ? <CreateDebateDialog /> : null}
        </div>
      }
    >
      {!user && !sessionLoading ? (
        <Card className="mb-6 border-orange-200 bg-orange-50">
          <CardHeader>
            <CardTitle>{t('list.joinTitle')}</CardTitle>
            <CardDescription className="text-slate-700">{t('list.joinDescription')}</CardDescription>
          </CardHeader>
          <CardContent>
            <LinkButton to="/auth" variant="accent">
              {t('list.registerToDebate')}
            </LinkButton>
          </CardContent>
        </Card>
      ) : null}

      <h2 className="mb-3 text-lg font-semibold text-slate-900">{t('list.activeHeading')}</h2>
      {debates.isPending ? (
        <ListSkeleton />
      ) : debates.isError ? (
        <ErrorState title={t('list.loadFailed')} message={debates.error.message}>
          <Button onClick={() => void debates.refetch()}>{t('list.retry')}</Button>
        </ErrorState>
      ) : debates.data.length === 0 ? (
        <EmptyState>{user ? t('list.emptyStartOne') : t('list.empty')}</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label={t('list.activeLabel')}>
          {debates.data.map((d) => (
            <li key={d.id}>
              <Card className="h-full">
                <CardHeader>
                  <CardTitle className="text-lg">
                    <Link to={`/debate/${d.id}`} className="text-navy-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-navy-500">
                      {d.title}
                    </Link>
                  </CardTitle>
                  <div className="flex flex-wrap items-center gap-2">
                    <DebateTypeBadge type={d.debateType} />
                    <ParticipantsBadge debate={d} />
                  </div>
                </CardHeader>
                <CardContent className="space-y-2">
                  <p className="line-clamp-3 text-sm break-words text-slate-700">{d.prompt}</p>
                  <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
                    <DaysLeft debate={d} />
                    <span className="inline-flex items-center gap-1">
                      <MessagesSquare className="h-4 w-4" aria-hidden="true" /> {t('list.responsesBy', { count: d.responseCount, name: d.creator.name })}
                    </span>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
