import { Cookie, Loader2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/class-names';
import { useSession } from '../session/use-session';
import { useBrownieToday, useGiveBrownie } from './brownie-queries';
import { RefusalDescription } from '../moderation/refusal-description';

/** The server's 'Title: description' refusals become a toast's title and description. */
function toastParts(message: string): [string, string | undefined] {
  const at = message.indexOf(': ');
  return at > 0 ? [message.slice(0, at), message.slice(at + 2)] : [message, undefined];
}

/**
 * Give Brownie, for another signed-in user's profile or a caucus member list. Not shown to
 * visitors nor for oneself. After today's brownie it stays in place, disabled (aria-disabled,
 * so it can still be focused) and described by 'You already gave a brownie today': visible
 * under the button, or as a tooltip on hover and focus in the compact form.
 */
export function BrownieButton({ receiverId, receiverName, compact = false, className }: { receiverId: string; receiverName: string; compact?: boolean; className?: string }) {
  const { t } = useTranslation('brownies');
  const { user } = useSession();
  const today = useBrownieToday(user?.id);
  const give = useGiveBrownie(user?.id);
  const descriptionId = useId();
  if (!user || user.id === receiverId) return null;

  const givenToday = !!today.data?.given;
  const unavailable = givenToday || today.isPending || give.isPending;
  const label = t('button.label', { name: receiverName });

  const onClick = () => {
    if (unavailable) return;
    give.mutate(receiverId, {
      onSuccess: () => toast.success(t('button.awardedTitle'), { description: t('button.awardedDescription') }),
      onError: (error) => {
        // Refused across a block: a brownie is one of the things a block refuses (issue 29).
        if (error instanceof ApiError && error.status === 403) {
          toast.error(t('button.refused'), { description: <RefusalDescription error={error} /> });
          return;
        }
        const refused = error instanceof ApiError && (error.status === 400 || error.status === 409 || error.status === 429);
        if (!refused) {
          toast.error(t('button.failed'));
          return;
        }
        const [title, description] = toastParts(error.message);
        toast.error(title, description ? { description } : undefined);
      },
    });
  };

  return (
    <span className={cn('group relative inline-flex flex-col items-start gap-1', compact && 'items-end', className)}>
      <Button
        variant="outline"
        size="sm"
        onClick={onClick}
        aria-disabled={unavailable}
        aria-label={compact ? label : undefined}
        aria-describedby={givenToday ? descriptionId : undefined}
        title={givenToday ? t('button.alreadyGaveToday') : undefined}
        className={cn('border-amber-300 text-amber-900 hover:bg-amber-50', unavailable && 'cursor-not-allowed opacity-60 hover:bg-white')}
      >
        {give.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Cookie className="h-4 w-4" aria-hidden="true" />}
        {compact ? <span aria-hidden="true">{t('button.compact')}</span> : t('button.give')}
      </Button>
      {givenToday ? (
        <span
          id={descriptionId}
          role={compact ? 'tooltip' : undefined}
          className={
            compact
              ? 'pointer-events-none absolute top-full right-0 z-10 mt-1 hidden w-max max-w-56 rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow group-focus-within:block group-hover:block'
              : 'text-xs text-slate-600'
          }
        >
          {t('button.alreadyGaveToday')}
        </span>
      ) : null}
    </span>
  );
}
