import { useMutation } from '@tanstack/react-query';
import { Flag, Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportItemKind, type ReportReason } from '../../../domain/moderation/moderation-rules';
import type { ReportAnswer } from '../../../domain/moderation/moderation-types';
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
  const { t } = useTranslation('moderation');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const errorId = useId();
  const title = t(`report.title.${itemKind}`);
  const send = useMutation({
    mutationFn: () => api<ReportAnswer>('/api/reports', { method: 'POST', json: { itemKind, itemId, reason, ...(note.trim() ? { note: note.trim() } : {}) } }),
    onSuccess: (result) => {
      toast.success(t('report.sent'), { description: result.message });
      setOpen(false);
      setReason(null);
      setNote('');
    },
    onError: (e: Error) => setError(e.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(t('report.chooseReason'));
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
        <Button variant="ghost" size="sm" className={cn('text-slate-600', className)} aria-label={title}>
          <Flag className="h-4 w-4" aria-hidden="true" />
          {compact ? null : t('report.button')}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={t('report.description')}>
        <form method="post" onSubmit={submit} className="space-y-4" noValidate>
          <fieldset aria-describedby={error ? errorId : undefined}>
            <legend className="text-sm font-medium text-slate-900">{t('report.why')}</legend>
            <div className="mt-2 space-y-1.5">
              {REPORT_REASONS.map((r) => (
                <label key={r} className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50">
                  <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} className="h-4 w-4 accent-navy-700" />
                  {t(`reasons.${r}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <Label htmlFor={noteId}>{t('report.note')}</Label>
            <Textarea
              id={noteId}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={REPORT_NOTE_MAX}
              rows={3}
              placeholder={t('report.notePlaceholder')}
            />
            <CharacterCount value={note} max={REPORT_NOTE_MAX} />
          </div>
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('report.cancel')}
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {t('report.send')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
