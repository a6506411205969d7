import { useMutation } from '@tanstack/react-query';
import { Flag, Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  MODERATION_MESSAGES,
  REPORT_ITEM_LABELS,
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportItemKind,
  type ReportReason,
} from '../../../domain/moderation/moderation-rules';
import { api } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { CharacterCount, Label, Textarea } from '../../components/ui/form-controls';
import { cn } from '../../components/ui/class-names';

/**
 * "Report" (issue 14): a reason from the short fixed list and an optional note. One report per
 * person and item (the server answers 409 to a second); the third from verified members hides
 * the item at once, pending review.
 */
export function ReportButton({ itemKind, itemId, compact = false, className }: { itemKind: ReportItemKind; itemId: string; compact?: boolean; className?: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const errorId = useId();
  const label = REPORT_ITEM_LABELS[itemKind];
  const send = useMutation({
    mutationFn: () => api<{ hidden: boolean; message: string }>('/api/reports', { method: 'POST', json: { itemKind, itemId, reason, ...(note.trim() ? { note: note.trim() } : {}) } }),
    onSuccess: (result) => {
      toast.success('Report sent', { description: result.message });
      setOpen(false);
      setReason(null);
      setNote('');
    },
    onError: (e: Error) => setError(e.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(MODERATION_MESSAGES.chooseReason);
      return;
    }
    setError(null);
    send.mutate();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className={cn('text-slate-600', className)} aria-label={`Report this ${label}`}>
          <Flag className="h-4 w-4" aria-hidden="true" />
          {compact ? null : 'Report'}
        </Button>
      </DialogTrigger>
      <DialogContent title={`Report this ${label}`} description="An administrator reviews every report. Content reported by three verified members is hidden until then.">
        <form onSubmit={submit} className="space-y-4" noValidate>
          <fieldset aria-describedby={error ? errorId : undefined}>
            <legend className="text-sm font-medium text-slate-900">Why are you reporting it?</legend>
            <div className="mt-2 space-y-1.5">
              {REPORT_REASONS.map((r) => (
                <label key={r} className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50">
                  <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} className="h-4 w-4 accent-navy-700" />
                  {REPORT_REASON_LABELS[r]}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <Label htmlFor={noteId}>Note (optional)</Label>
            <Textarea id={noteId} value={note} onChange={(e) => setNote(e.target.value)} maxLength={REPORT_NOTE_MAX} rows={3} placeholder="What should the administrator know?" />
            <CharacterCount value={note} max={REPORT_NOTE_MAX} />
          </div>
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              Send Report
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
