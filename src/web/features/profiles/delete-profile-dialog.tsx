import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isDeleteConfirmation } from '../../../domain/profiles/profile-schemas';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Input, Label } from '../../components/ui/form-controls';
import { useSignOut } from '../session/use-session';
import { useDeleteProfile } from './profile-queries';
import { needsRecentProof, useConfirmIdentity } from '../account-security/use-confirm-identity';

/** The word isDeleteConfirmation (and the server) expect, whatever the page's language. */
const CONFIRMATION_WORD = 'delete';

/**
 * The Delete Profile link and its dialog: the user types 'delete' (any case). A user who
 * voted in a finalized caucus is hidden ('Profile Hidden'), anyone else removed ('Profile
 * Deleted'); either way they are signed out and sent to /.
 */
export function DeleteProfileDialog() {
  const { t } = useTranslation('profiles');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const remove = useDeleteProfile();
  const signOut = useSignOut();
  const { run, dialog } = useConfirmIdentity();
  const confirmed = isDeleteConfirmation(text);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (remove.isPending) return;
    if (!confirmed) {
      toast.error(t('delete.confirmationRequired'), { description: t('delete.confirmationHint', { word: CONFIRMATION_WORD }) });
      return;
    }
    // Deleting the account asks again when the last proof is old (issue 32).
    run(() => remove.mutateAsync(text)).then(
      async (outcome) => {
        const flash = { title: outcome.type === 'soft_delete' ? t('delete.hidden') : t('delete.deleted'), description: outcome.message };
        setOpen(false);
        await signOut(flash);
      },
      (error: unknown) => {
        // Cancelled at "Confirm it's you": nothing happened, nothing to report.
        if (needsRecentProof(error)) return;
        console.error('Profile deletion failed', error);
        toast.error(t('delete.failed'), { description: t('delete.failedDescription') });
      },
    );
  };

  return (
    <>
    {dialog}
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        setOpen(next);
        if (!next) setText('');
      }}
    >
      <DialogTrigger asChild>
        <button type="button" className="rounded text-sm font-medium text-red-700 underline-offset-4 hover:underline">
          {t('delete.title')}
        </button>
      </DialogTrigger>
      <DialogContent title={t('delete.title')} description={t('delete.description')}>
        <form method="post" onSubmit={submit} className="space-y-4">
          <div className="space-y-1">
            <Label htmlFor="delete-confirmation">{t('delete.confirmationLabel', { word: CONFIRMATION_WORD })}</Label>
            <Input
              id="delete-confirmation"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={text}
              onChange={(e) => setText(e.target.value)}
              disabled={remove.isPending}
            />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={remove.isPending}>
                {t('delete.cancel')}
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant="destructive"
              // aria-disabled (not disabled) so a try still explains itself with a toast.
              aria-disabled={!confirmed || remove.isPending}
              className={!confirmed || remove.isPending ? 'cursor-not-allowed opacity-50' : undefined}
            >
              {remove.isPending ? t('delete.deleting') : t('delete.title')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
    </>
  );
}
