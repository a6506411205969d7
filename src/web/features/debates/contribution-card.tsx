import { HIDDEN_FOR_AUTHOR, HIDDEN_PLACEHOLDER } from '../../../domain/moderation/moderation-rules';
import { ReportButton } from '../moderation/report-dialog';
import { Cookie, Loader2, ThumbsDown, ThumbsUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { BROWNIE_MESSAGES } from '../../../domain/points/brownie-rules';
import { DEBATE_MESSAGES, type VoteType } from '../../../domain/debates/debate-rules';
import type { ContributionView, DebateDetail } from '../../../domain/debates/debate-types';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { useHydrated } from '../../components/use-hydrated';
import { cn } from '../../components/ui/class-names';
import { useBrownieToday, useGiveBrownie } from '../brownies/brownie-queries';
import { useSession } from '../session/use-session';
import { AudioPlayButton } from './audio-play-button';
import { useCastVote } from './debate-queries';

const KIND_LABEL = { response: 'Response', rebuttal: 'Rebuttal', defense: 'Defense' } as const;

function VoteControls({ debate, item }: { debate: DebateDetail; item: ContributionView }) {
  const { user } = useSession();
  const vote = useCastVote(debate.id);
  const canVote = !!user && !debate.closed;
  const cast = (voteType: VoteType) =>
    vote.mutate(
      { contentType: item.kind, contentId: item.id, voteType },
      {
        onError: (error) => {
          const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
          toast.error(refused && error.title ? error.title : DEBATE_MESSAGES.voteFailed, refused ? { description: error.message } : undefined);
        },
      },
    );
  const who = `${item.kind} by ${item.author.name}`;
  const button = (type: VoteType, count: number, icon: ReactNode, label: string) => (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => cast(type)}
      disabled={!canVote || vote.isPending}
      aria-pressed={item.myVote === type}
      aria-label={`${label} ${who} (${count})`}
      className={cn(item.myVote === type && (type === 'upvote' ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'))}
    >
      {icon}
      <span aria-hidden="true">{count}</span>
    </Button>
  );
  return (
    <div className="flex items-center gap-1" role="group" aria-label={`Votes on ${who}`}>
      {button('upvote', item.upvotes, <ThumbsUp className="h-4 w-4" aria-hidden="true" />, 'Upvote')}
      {button('downvote', item.downvotes, <ThumbsDown className="h-4 w-4" aria-hidden="true" />, 'Downvote')}
    </div>
  );
}

/** Award a brownie to a contribution's author: not oneself, and only while today's brownie is not given (then hidden). */
function AwardBrownieButton({ author }: { author: { id: string; name: string } }) {
  const { user } = useSession();
  const today = useBrownieToday(user?.id);
  const give = useGiveBrownie(user?.id);
  if (!user || user.id === author.id || !today.data || today.data.given) return null;
  const onClick = () =>
    give.mutate(author.id, {
      onSuccess: () => toast.success(BROWNIE_MESSAGES.awardedTitle, { description: BROWNIE_MESSAGES.awardedDescription }),
      onError: (error) => {
        const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
        toast.error(DEBATE_MESSAGES.brownieFailed, refused ? { description: error.message } : undefined);
      },
    });
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={give.isPending} className="border-amber-300 text-amber-900 hover:bg-amber-50" aria-label={`Award ${author.name} a brownie`}>
      {give.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Cookie className="h-4 w-4" aria-hidden="true" />}
      <span aria-hidden="true">Brownie</span>
    </Button>
  );
}

const REPORT_KIND = { response: 'debate_response', rebuttal: 'debate_rebuttal', defense: 'debate_defense' } as const;

/** One response, rebuttal or defense: author, date, text or audio, votes, brownie and the caller's actions. */
export function ContributionCard({ debate, item, actions, children, className }: { debate: DebateDetail; item: ContributionView; actions?: ReactNode; children?: ReactNode; className?: string }) {
  const date = new Date(item.createdAt);
  // The browser's time zone once React has adopted a page the server drew; UTC until then.
  const timeZone = useHydrated() ? undefined : 'UTC';
  const viewerId = useSession().user?.id;
  return (
    <article aria-label={`${KIND_LABEL[item.kind]} by ${item.author.name}`} className={cn('rounded-xl border border-slate-200 bg-white p-4', className)}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm">
          <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold tracking-wide text-slate-700 uppercase">{KIND_LABEL[item.kind]}</span>
          <Link to={`/profile/${item.author.id}`} className="font-medium text-navy-800 underline-offset-4 hover:underline">
            {item.author.name}
          </Link>
        </p>
        <time dateTime={item.createdAt} className="text-xs text-slate-600">
          {date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone })}
        </time>
      </header>
      <div className="mt-2">
        {item.hidden && item.author.id === viewerId ? (
          <p className="mb-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">{HIDDEN_FOR_AUTHOR}</p>
        ) : null}
        {item.hidden && item.author.id !== viewerId ? (
          <p className="text-sm text-slate-600 italic">{HIDDEN_PLACEHOLDER}</p>
        ) : item.contentType === 'audio' && item.audioUrl ? (
          <AudioPlayButton src={item.audioUrl} label={`Play Audio ${KIND_LABEL[item.kind]}`} />
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
