import { Ban, Loader2, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { useBlock, useBlocked, useUnblock } from './moderation-queries';

/**
 * Block / Unblock on someone's profile (issue 14), after a confirmation that says what blocking
 * does and that it never changes an election.
 */
export function BlockButton({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation('moderation');
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
        aria-label={t('block.unblockName', { name })}
        disabled={unblock.isPending}
        onClick={() =>
          unblock.mutate(userId, {
            onSuccess: () => toast.success(t('block.unblocked', { name })),
            onError: (e) => toast.error(t('block.unblockFailed'), { description: e.message }),
          })
        }
      >
        <UserCheck className="h-4 w-4" aria-hidden="true" /> {t('block.unblock')}
      </Button>
    );
  }
  const confirm = () =>
    block.mutate(userId, {
      onSuccess: (result) => {
        setOpen(false);
        toast.success(t('block.blocked', { name }), {
          description: result.sharedCaucuses > 0 ? t('block.sharedCaucuses', { count: result.sharedCaucuses, name }) : t('block.unblockLater'),
        });
      },
      onError: (e) => toast.error(t('block.blockFailed'), { description: e.message }),
    });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Ban className="h-4 w-4" aria-hidden="true" /> {t('block.block')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('block.dialogTitle', { name })} description={t('block.dialogDescription')}>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{t('block.effectMessages')}</li>
          <li>{t('block.effectChats')}</li>
          <li>{t('block.effectElection')}</li>
        </ul>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('block.cancel')}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={block.isPending}>
            {block.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            {t('block.block')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
