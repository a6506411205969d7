import { Loader2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { DEBATE_LIMITS, DEBATE_MESSAGES, invitationRoom } from '../../../domain/debates/debate-rules';
import type { DebateDetail } from '../../../domain/debates/debate-types';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { useFriends } from '../friends/friend-queries';
import { useInviteFriends } from './debate-queries';

/** Invite Friends (creator only, while open and not full): at most the seats left, and 5. */
export function InviteFriendsDialog({ debate }: { debate: DebateDetail }) {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const friends = useFriends();
  const invite = useInviteFriends(debate.id);
  const invitedIds = debate.viewer?.invitedIds ?? [];
  const cap = Math.max(0, Math.min(invitationRoom(debate), DEBATE_LIMITS.maxInvitedFriends - invitedIds.length));

  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : current.length >= cap ? current : [...current, id]));

  const send = () =>
    invite.mutate(selected, {
      onSuccess: ({ invited }) => {
        toast.success(DEBATE_MESSAGES.invitationsSentTitle, { description: DEBATE_MESSAGES.invitationsSent(invited) });
        setSelected([]);
        setOpen(false);
      },
      onError: (error) => {
        const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
        toast.error(DEBATE_MESSAGES.inviteFailed, refused ? { description: error.message } : undefined);
      },
    });

  const list = friends.data?.friends ?? [];
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <UserPlus className="h-4 w-4" aria-hidden="true" /> Invite Friends
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Invite Friends"
        description={cap > 0 ? `Choose up to ${cap} friend(s) to invite to this debate.` : DEBATE_MESSAGES.inviteLimit}
      >
        {friends.isPending ? (
          <p className="text-sm text-slate-600">Loading friends…</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-600">No friends to invite yet.</p>
        ) : (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">
              Friends ({selected.length}/{cap} selected)
            </legend>
            <ul className="max-h-60 space-y-1 overflow-y-auto">
              {list.map((f) => {
                const already = invitedIds.includes(f.id);
                const checked = already || selected.includes(f.id);
                return (
                  <li key={f.id}>
                    <label className="inline-flex items-center gap-2 text-sm text-slate-800">
                      <input type="checkbox" checked={checked} disabled={already || (!checked && selected.length >= cap)} onChange={() => toggle(f.id)} />
                      {f.name}
                      {already ? <span className="text-xs text-slate-600">(invited)</span> : null}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button onClick={send} disabled={selected.length === 0 || invite.isPending}>
            {invite.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            Send Invitations
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
