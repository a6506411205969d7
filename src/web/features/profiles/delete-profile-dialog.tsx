import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { isDeleteConfirmation, MESSAGES } from '../../../domain/profiles/profile-schemas';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Input, Label } from '../../components/ui/form-controls';
import { useSignOut } from '../session/use-session';
import { useDeleteProfile } from './profile-queries';

/**
 * The Delete Profile link and its dialog: the user types 'delete' (any case). A user who
 * voted in a finalized caucus is hidden ('Profile Hidden'), anyone else removed ('Profile
 * Deleted'); either way they are signed out and sent to /.
 */
export function DeleteProfileDialog() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const remove = useDeleteProfile();
  const signOut = useSignOut();
  const confirmed = isDeleteConfirmation(text);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (remove.isPending) return;
    if (!confirmed) {
      toast.error('Confirmation Required', { description: MESSAGES.deleteConfirm });
      return;
    }
    remove.mutate(text, {
      onSuccess: async (outcome) => {
        const flash = { title: outcome.type === 'soft_delete' ? 'Profile Hidden' : 'Profile Deleted', description: outcome.message };
        setOpen(false);
        await signOut(flash);
      },
      onError: (error) => {
        console.error('Profile deletion failed', error);
        toast.error('Deletion Failed', { description: 'Failed to delete profile. Please try again.' });
      },
    });
  };

  return (
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
          Delete Profile
        </button>
      </DialogTrigger>
      <DialogContent
        title="Delete Profile"
        description="This cannot be undone. If you voted in a finalized caucus election, your profile is hidden instead so the election stays intact; otherwise your profile and its data are deleted."
      >
        <form onSubmit={submit} className="space-y-4">
          <div className="space-y-1">
            <Label htmlFor="delete-confirmation">Type &apos;delete&apos; to confirm</Label>
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
                Cancel
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant="destructive"
              // aria-disabled (not disabled) so a try still explains itself with a toast.
              aria-disabled={!confirmed || remove.isPending}
              className={!confirmed || remove.isPending ? 'cursor-not-allowed opacity-50' : undefined}
            >
              {remove.isPending ? 'Deleting…' : 'Delete Profile'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
