import { Loader2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DEBATE_LIMITS, invitationRoom } from '../../../domain/debates/debate-rules';
import type { DebateDetail } from '../../../domain/debates/debate-types';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { FriendPicker } from '../friends/friend-picker';
import { useInviteFriends } from './debate-queries';

/** Invite Friends (creator only, while open and not full): at most the seats left, and 5. */
export function InviteFriendsDialog({ debate }: { debate: DebateDetail }) {
  const { t } = useTranslation('debates');
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const invite = useInviteFriends(debate.id);
  const invitedIds = debate.viewer?.invitedIds ?? [];
  const cap = Math.max(0, Math.min(invitationRoom(debate), DEBATE_LIMITS.maxInvitedFriends - invitedIds.length));

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => (on ? (current.length >= cap ? current : [...current, id]) : current.filter((x) => x !== id)));

  const send = () =>
    invite.mutate(selected, {
      onSuccess: ({ invited }) => {
        toast.success(t('invite.sentTitle'), { description: t('invite.sent', { count: invited }) });
        setSelected([]);
        setOpen(false);
      },
      onError: (error) => {
        const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
        toast.error(t('invite.failed'), refused ? { description: error.message } : undefined);
      },
    });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <UserPlus className="h-4 w-4" aria-hidden="true" /> {t('invite.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t('invite.title')}
        description={cap > 0 ? t('invite.description', { count: cap }) : t('invite.limit', { max: DEBATE_LIMITS.maxInvitedFriends })}
      >
        <FriendPicker
          legend={t('invite.legend', { selected: selected.length, cap })}
          selected={selected}
          onToggle={toggle}
          max={cap}
          alreadyInvited={invitedIds}
        />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('invite.cancel')}
          </Button>
          <Button onClick={send} disabled={selected.length === 0 || invite.isPending}>
            {invite.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            {t('invite.send')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
