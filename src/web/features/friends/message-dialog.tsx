import { Loader2, MessageSquare, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PRIVATE_MESSAGE_MAX, sendPrivateMessageSchema } from '../../../domain/social/messages';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { CharacterCount, FieldError, Label, Textarea } from '../../components/ui/form-controls';
import { useSendMessage } from '../messages/message-queries';
import { RefusalDescription } from '../moderation/refusal-description';

/** A friend card's "Message" button: a dialog to write them a private message. */
export function MessageDialog({ person }: { person: { id: string; name: string } }) {
  const { t } = useTranslation('friends');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useSendMessage();
  const ids = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sendPrivateMessageSchema.safeParse({ recipientId: person.id, message: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    send.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('messageDialog.sent'), { description: t('messageDialog.sentDescription', { name: person.name }) });
        setDraft('');
        setOpen(false);
      },
      onError: (e) => toast.error(t('messageDialog.sendFailed'), { description: <RefusalDescription error={e} /> }),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(undefined);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" aria-label={t('messageDialog.triggerLabel', { name: person.name })}>
          <MessageSquare className="h-4 w-4" aria-hidden="true" /> {t('messageDialog.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('messageDialog.title', { name: person.name })} description={t('messageDialog.description')}>
        <form method="post" onSubmit={onSubmit} noValidate className="space-y-3" aria-label={t('messageDialog.formLabel', { name: person.name })}>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-text`}>{t('messageDialog.label')}</Label>
            <Textarea
              id={`${ids}-text`}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              maxLength={PRIVATE_MESSAGE_MAX}
              aria-invalid={!!error}
              aria-describedby={error ? `${ids}-error` : undefined}
              placeholder={t('messageDialog.placeholder', { name: person.name })}
            />
            <CharacterCount value={draft} max={PRIVATE_MESSAGE_MAX} />
            <FieldError id={`${ids}-error`}>{error}</FieldError>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link to={`/messages?with=${person.id}`} className="text-sm text-navy-700 underline-offset-4 hover:underline">
              {t('messageDialog.open')}
            </Link>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
              {t('messageDialog.send')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
