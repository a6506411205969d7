import { Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { DEBATE_MESSAGES } from '../../../domain/debates/debate-rules';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { useDeleteDebate } from './debate-queries';

/** Delete Debate (creator or administrator), after a confirmation; then back to /debate. */
export function DeleteDebateDialog({ debateId }: { debateId: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteDebate(debateId);
  const navigate = useNavigate();
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(DEBATE_MESSAGES.deletedTitle);
        setOpen(false);
        void navigate('/debate');
      },
      onError: (error) => toast.error(DEBATE_MESSAGES.deleteFailed, { description: error.message }),
    });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="border-red-300 text-red-700 hover:bg-red-50">
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete Debate
        </Button>
      </DialogTrigger>
      <DialogContent title="Delete Debate" description={DEBATE_MESSAGES.deleteConfirm}>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            Delete
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
