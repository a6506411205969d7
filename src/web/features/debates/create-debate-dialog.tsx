import { Loader2, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { createDebateSchema, DEBATE_LIMITS, DEBATE_TYPES, type DebateType } from '../../../domain/debates/debate-rules';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { FieldError, Input, Label, Textarea } from '../../components/ui/form-controls';
import { FriendPicker } from '../friends/friend-picker';
import { useCreateDebate } from './debate-queries';

/** The create-debate dialog: title, prompt, text or audio, 3–30 days (7 by default), up to 5 friends. */
export function CreateDebateDialog() {
  const { t } = useTranslation('debates');
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [prompt, setPrompt] = useState('');
  const [debateType, setDebateType] = useState<DebateType>('text');
  const [durationDays, setDurationDays] = useState(String(DEBATE_LIMITS.defaultDays));
  const [invited, setInvited] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const create = useCreateDebate();
  const navigate = useNavigate();
  const ids = useId();

  const reset = () => {
    setTitle('');
    setPrompt('');
    setDebateType('text');
    setDurationDays(String(DEBATE_LIMITS.defaultDays));
    setInvited([]);
    setErrors({});
  };


  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createDebateSchema.safeParse({ title, prompt, debateType, durationDays: Number(durationDays), invitedFriendIds: invited });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ id }) => {
        toast.success(t('create.created'), { description: parsed.data.title });
        setOpen(false);
        reset();
        void navigate(`/debate/${id}`);
      },
      onError: (error) => {
        const refused = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
        toast.error(refused ? error.message : t('create.createFailed'));
      },
    });
  };

  const field = (name: string) => ({ 'aria-invalid': !!errors[name], 'aria-describedby': errors[name] ? `${ids}-${name}-error` : undefined });
  const titleField = field('title');
  const promptField = field('prompt');
  const durationField = field('durationDays');

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setErrors({});
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus className="h-4 w-4" aria-hidden="true" /> {t('create.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('create.title')} description={t('create.description')}>
        <form method="post" onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('create.formLabel')}>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-title`}>{t('create.titleLabel')}</Label>
            <Input id={`${ids}-title`} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={DEBATE_LIMITS.titleMaxChars} {...titleField} />
            <FieldError id={`${ids}-title-error`}>{errors.title}</FieldError>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-prompt`}>{t('create.promptLabel')}</Label>
            <Textarea id={`${ids}-prompt`} value={prompt} onChange={(e) => setPrompt(e.target.value)} maxLength={DEBATE_LIMITS.promptMaxChars} {...promptField} />
            <FieldError id={`${ids}-prompt-error`}>{errors.prompt}</FieldError>
          </div>
          <fieldset className="flex flex-col gap-1.5">
            <legend className="text-sm font-medium text-slate-800">{t('create.typeLegend')}</legend>
            <div className="flex gap-4">
              {DEBATE_TYPES.map((type) => (
                <label key={type} className="inline-flex items-center gap-2 text-sm text-slate-800">
                  <input type="radio" name={`${ids}-type`} value={type} checked={debateType === type} onChange={() => setDebateType(type)} />
                  {type === 'text' ? t('create.text') : t('create.audio')}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-days`}>{t('create.durationLabel')}</Label>
            <Input
              id={`${ids}-days`}
              type="number"
              inputMode="numeric"
              min={DEBATE_LIMITS.minDays}
              max={DEBATE_LIMITS.maxDays}
              value={durationDays}
              onChange={(e) => setDurationDays(e.target.value)}
              className="w-28"
              {...durationField}
            />
            <p className="text-xs text-slate-600">{t('create.durationHint', { min: DEBATE_LIMITS.minDays, max: DEBATE_LIMITS.maxDays })}</p>
            <FieldError id={`${ids}-durationDays-error`}>{errors.durationDays}</FieldError>
          </div>
          <FriendPicker
            legend={t('create.inviteLegend', { max: DEBATE_LIMITS.maxInvitedFriends, count: invited.length })}
            selected={invited}
            onToggle={(id, on) => setInvited((current) => (on ? [...current, id] : current.filter((x) => x !== id)))}
            max={DEBATE_LIMITS.maxInvitedFriends}
            error={errors.invitedFriendIds}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {t('create.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
