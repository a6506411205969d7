import { ReportButton } from '../moderation/report-dialog';
import { Cookie, Loader2, ThumbsDown, ThumbsUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { VoteType } from '../../../domain/debates/debate-rules';
import type { ContributionView, DebateDetail } from '../../../domain/debates/debate-types';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/class-names';
import { useFormat } from '../../i18n/format';
import { useBrownieToday, useGiveBrownie } from '../brownies/brownie-queries';
import { useSession } from '../session/use-session';
import { AudioPlayButton } from './audio-play-button';
import { useCastVote } from './debate-queries';
import { RefusalDescription } from '../moderation/refusal-description';

function VoteControls({ debate, item }: { debate: DebateDetail; item: ContributionView }) {
  const { t } = useTranslation('debates');
  const { user } = useSession();
  const vote = useCastVote(debate.id);
  const canVote = !!user && !debate.closed;
  const cast = (voteType: VoteType) =>
    vote.mutate(
      { contentType: item.kind, contentId: item.id, voteType },
      {
        onError: (error) => {
          const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
          toast.error(refused && error.title ? error.title : t('contribution.voteFailed'), refused ? { description: error.message } : undefined);
        },
      },
    );
  const who = { kind: item.kind, name: item.author.name };
  const button = (type: VoteType, count: number, icon: ReactNode) => (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => cast(type)}
      disabled={!canVote || vote.isPending}
      aria-pressed={item.myVote === type}
      className={cn(item.myVote === type && (type === 'upvote' ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'))}
    >
      {icon}
      {/* Named by its content, not aria-label: axe 4.14's label-in-name rule wants the count shown
          inside an aria-label, and the name already says it in words. */}
      <span className="sr-only">{t(type === 'upvote' ? 'contribution.upvote' : 'contribution.downvote', { ...who, count })}</span>
      <span aria-hidden="true">{count}</span>
    </Button>
  );
  const upvote = button('upvote', item.upvotes, <ThumbsUp className="h-4 w-4" aria-hidden="true" />);
  const downvote = button('downvote', item.downvotes, <ThumbsDown className="h-4 w-4" aria-hidden="true" />);
  return (
    <div className="flex items-center gap-1" role="group" aria-label={t('contribution.votesOn', who)}>
      {upvote}
      {downvote}
    </div>
  );
}

/** Award a brownie to a contribution's author: not oneself, and only while today's brownie is not given (then hidden). */
function AwardBrownieButton({ author }: { author: { id: string; name: string } }) {
  const { t } = useTranslation('debates');
  const { user } = useSession();
  const today = useBrownieToday(user?.id);
  const give = useGiveBrownie(user?.id);
  if (!user || user.id === author.id || !today.data || today.data.given) return null;
  const onClick = () =>
    give.mutate(author.id, {
      onSuccess: () => toast.success(t('contribution.brownieAwardedTitle'), { description: t('contribution.brownieAwardedDescription') }),
      onError: (error) => {
        const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
        toast.error(t('contribution.brownieFailed'), refused ? { description: <RefusalDescription error={error} /> } : undefined);
      },
    });
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={give.isPending} className="border-amber-300 text-amber-900 hover:bg-amber-50" aria-label={t('contribution.awardBrownie', { name: author.name })}>
      {give.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Cookie className="h-4 w-4" aria-hidden="true" />}
      <span aria-hidden="true">{t('contribution.brownie')}</span>
    </Button>
  );
}

const REPORT_KIND = { response: 'debate_response', rebuttal: 'debate_rebuttal', defense: 'debate_defense' } as const;

/** One response, rebuttal or defense: author, date, text or audio, votes, brownie and the caller's actions. */
export function ContributionCard({ debate, item, actions, children, className }: { debate: DebateDetail; item: ContributionView; actions?: ReactNode; children?: ReactNode; className?: string }) {
  const { t } = useTranslation('debates');
  const format = useFormat();
  const viewerId = useSession().user?.id;
  return (
    <article aria-label={t('contribution.label', { kind: item.kind, name: item.author.name })} className={cn('rounded-xl border border-slate-200 bg-white p-4', className)}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm">
          <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold tracking-wide text-slate-700 uppercase">{t('contribution.kind', { kind: item.kind })}</span>
          <Link to={`/profile/${item.author.id}`} className="font-medium text-navy-800 underline-offset-4 hover:underline">
            {item.author.name}
          </Link>
        </p>
        <time dateTime={item.createdAt} className="text-xs text-slate-600">
          {format.date(item.createdAt)}
        </time>
      </header>
      <div className="mt-2">
        {item.hidden && item.author.id === viewerId ? (
          <p className="mb-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">{t('hidden.forAuthor')}</p>
        ) : null}
        {item.hidden && item.author.id !== viewerId ? (
          <p className="text-sm text-slate-600 italic">{t('hidden.placeholder')}</p>
        ) : item.contentType === 'audio' && item.audioUrl ? (
          <AudioPlayButton
            src={item.audioUrl}
            playLabel={t('contribution.playAudio', { kind: item.kind })}
            pauseLabel={t('contribution.pauseAudio', { kind: item.kind })}
          />
        ) : (
          <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{item.text}</p>
        )}
      </div>
      <footer className="mt-3 flex flex-wrap items-center gap-2">
        <VoteControls debate={debate} item={item} />
        <AwardBrownieButton author={item.author} />
        {actions}
        {viewerId && viewerId !== item.author.id && !item.hidden ? <ReportButton itemKind={REPORT_KIND[item.kind]} itemId={item.id} /> : null}
      </footer>
      {children}
    </article>
  );
}
