import { Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { useDeleteDebate } from './debate-queries';
import { useConfirmIdentity } from '../account-security/use-confirm-identity';

/** Delete Debate (creator or administrator), after a confirmation; then back to /debate. */
export function DeleteDebateDialog({ debateId }: { debateId: string }) {
  const { t } = useTranslation('debates');
  const [open, setOpen] = useState(false);
  const remove = useDeleteDebate(debateId);
  const navigate = useNavigate();
  const { run, dialog } = useConfirmIdentity();
  // An administrator deleting someone else's debate is asked again when the last proof is old (issue 32).
  const confirm = () =>
    run(() => remove.mutateAsync()).then(
      () => {
        toast.success(t('delete.deleted'));
        setOpen(false);
        void navigate('/debate');
      },
      (error: Error) => toast.error(t('delete.failed'), { description: error.message }),
    );
  return (
    <>
    {dialog}
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="border-red-300 text-red-700 hover:bg-red-50">
          <Trash2 className="h-4 w-4" aria-hidden="true" /> {t('delete.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('delete.title')} description={t('delete.confirm')}>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('delete.cancel')}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            {t('delete.delete')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
    </>
  );
}
