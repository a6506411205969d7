import { Loader2, Send } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { RewardView } from '../../../domain/rewards/reward-catalogue';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { useRewardText } from './reward-card';
import { useClaimReward } from './rewards-api';

/** 'Claim Your Reward': the certificate goes to the member's email; 'Send It!' or 'Not Yet'. */
export function ClaimRewardDialog({ reward, email, onClose }: { reward: RewardView | null; email: string; onClose: () => void }) {
  const { t } = useTranslation('rewards');
  const text = useRewardText();
  const claim = useClaimReward();
  const send = () => {
    if (!reward || claim.isPending) return;
    claim.mutate(reward.key, { onSettled: onClose });
  };
  return (
    <Dialog open={reward !== null} onOpenChange={(open) => (!open && !claim.isPending ? onClose() : undefined)}>
      {reward ? (
        <DialogContent
          title={t('claim.title')}
          description={
            <Trans
              t={t}
              i18nKey="claim.description"
              values={{ prize: text.prize(reward), email }}
              components={{ strong: <strong />, email: <strong className="break-all" /> }}
            />
          }
        >
          <p className="text-sm text-slate-600">{t('claim.note')}</p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline" disabled={claim.isPending}>
                {t('claim.notYet')}
              </Button>
            </DialogClose>
            <Button variant="accent" onClick={send} disabled={claim.isPending} aria-busy={claim.isPending || undefined}>
              {claim.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
              {claim.isPending ? t('claim.sending') : t('claim.send')}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
