import { Loader2, Send } from 'lucide-react';
import type { RewardView } from '../../../domain/rewards/reward-catalogue';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { useClaimReward } from './rewards-api';

/** 'Claim Your Reward': the certificate goes to the member's email; 'Send It!' or 'Not Yet'. */
export function ClaimRewardDialog({ reward, email, onClose }: { reward: RewardView | null; email: string; onClose: () => void }) {
  const claim = useClaimReward();
  const send = () => {
    if (!reward || claim.isPending) return;
    claim.mutate(reward.key, { onSettled: onClose });
  };
  return (
    <Dialog open={reward !== null} onOpenChange={(open) => (!open && !claim.isPending ? onClose() : undefined)}>
      {reward ? (
        <DialogContent
          title="Claim Your Reward"
          description={
            <>
              Your certificate for the <strong>{reward.prize}</strong> will be sent to your email, <strong className="break-all">{email}</strong>.
            </>
          }
        >
          <p className="text-sm text-slate-600">It carries a voucher code and tells you how to redeem it by email. Rewards may incur taxes and processing fees.</p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={claim.isPending}>
                Not Yet
              </Button>
            </DialogClose>
            <Button variant="accent" onClick={send} disabled={claim.isPending} aria-busy={claim.isPending || undefined}>
              {claim.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
              {claim.isPending ? 'Sending…' : 'Send It!'}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
