import { Ban, Loader2, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { useBlock, useBlocked, useUnblock } from './moderation-queries';

/**
 * Block / Unblock on someone's profile (issue 14), after a confirmation that says what blocking
 * does and that it never changes an election.
 */
export function BlockButton({ userId, name }: { userId: string; name: string }) {
  const blocked = useBlocked();
  const block = useBlock();
  const unblock = useUnblock();
  const [open, setOpen] = useState(false);
  const isBlocked = !!blocked.data?.some((p) => p.id === userId);
  if (blocked.isPending) return null;
  if (isBlocked) {
    return (
      <Button
        variant="outline"
        disabled={unblock.isPending}
        onClick={() =>
          unblock.mutate(userId, {
            onSuccess: () => toast.success(`${name} is unblocked`),
            onError: (e) => toast.error('Could not unblock', { description: e.message }),
          })
        }
      >
        <UserCheck className="h-4 w-4" aria-hidden="true" /> Unblock
      </Button>
    );
  }
  const confirm = () =>
    block.mutate(userId, {
      onSuccess: (result) => {
        setOpen(false);
        toast.success(`${name} is blocked`, {
          description:
            result.sharedCaucuses > 0
              ? `You share ${result.sharedCaucuses === 1 ? 'a caucus' : `${result.sharedCaucuses} caucuses`} with ${name}: they stay a member and their vote counts.`
              : 'You can unblock them in Blocked people.',
        });
      },
      onError: (e) => toast.error('Could not block', { description: e.message }),
    });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Ban className="h-4 w-4" aria-hidden="true" /> Block
        </Button>
      </DialogTrigger>
      <DialogContent title={`Block ${name}?`} description="You can unblock them at any time in Blocked people.">
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>They can no longer send you private messages, friend requests, or challenge and debate invitations.</li>
          <li>Their messages in caucus and challenge chats are folded into one line for you.</li>
          <li>Blocking never changes an election: if you share a caucus, they stay a voting member and their vote counts.</li>
        </ul>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={block.isPending}>
            {block.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            Block
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
