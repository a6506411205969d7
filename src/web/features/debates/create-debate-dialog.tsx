import { Loader2, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { createDebateSchema, DEBATE_LIMITS, DEBATE_MESSAGES, type DebateType } from '../../../domain/debates/debate-rules';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { FieldError, Input, Label, Textarea } from '../../components/ui/form-controls';
import { FriendPicker } from '../friends/friend-picker';
import { useCreateDebate } from './debate-queries';

/** The create-debate dialog: title, prompt, text or audio, 3–30 days (7 by default), up to 5 friends. */
export function CreateDebateDialog() {
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
        toast.success('Debate created', { description: parsed.data.title });
        setOpen(false);
        reset();
        void navigate(`/debate/${id}`);
      },
      onError: (error) => {
        const refused = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;
        toast.error(refused ? error.message : DEBATE_MESSAGES.createFailed);
      },
    });
  };

  const field = (name: string) => ({ 'aria-invalid': !!errors[name], 'aria-describedby': errors[name] ? `${ids}-${name}-error` : undefined });

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
          <Plus className="h-4 w-4" aria-hidden="true" /> Create Debate
        </Button>
      </DialogTrigger>
      <DialogContent title="Create a Debate" description="Pose a question; participants answer, rebut and defend.">
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create a debate">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-title`}>Title</Label>
            <Input id={`${ids}-title`} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={DEBATE_LIMITS.titleMaxChars} {...field('title')} />
            <FieldError id={`${ids}-title-error`}>{errors.title}</FieldError>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-prompt`}>Prompt</Label>
            <Textarea id={`${ids}-prompt`} value={prompt} onChange={(e) => setPrompt(e.target.value)} maxLength={DEBATE_LIMITS.promptMaxChars} {...field('prompt')} />
            <FieldError id={`${ids}-prompt-error`}>{errors.prompt}</FieldError>
          </div>
          <fieldset className="flex flex-col gap-1.5">
            <legend className="text-sm font-medium text-slate-800">Debate type</legend>
            <div className="flex gap-4">
              {(['text', 'audio'] as const).map((type) => (
                <label key={type} className="inline-flex items-center gap-2 text-sm text-slate-800">
                  <input type="radio" name={`${ids}-type`} value={type} checked={debateType === type} onChange={() => setDebateType(type)} />
                  {type === 'text' ? 'Text' : 'Audio'}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-days`}>Duration (days)</Label>
            <Input
              id={`${ids}-days`}
              type="number"
              inputMode="numeric"
              min={DEBATE_LIMITS.minDays}
              max={DEBATE_LIMITS.maxDays}
              value={durationDays}
              onChange={(e) => setDurationDays(e.target.value)}
              className="w-28"
              {...field('durationDays')}
            />
            <p className="text-xs text-slate-600">
              {DEBATE_LIMITS.minDays} to {DEBATE_LIMITS.maxDays} days
            </p>
            <FieldError id={`${ids}-durationDays-error`}>{errors.durationDays}</FieldError>
          </div>
          <FriendPicker
            legend={`Invite friends (optional, up to ${DEBATE_LIMITS.maxInvitedFriends}) — ${invited.length} selected`}
            selected={invited}
            onToggle={(id, on) => setInvited((current) => (on ? [...current, id] : current.filter((x) => x !== id)))}
            max={DEBATE_LIMITS.maxInvitedFriends}
            error={errors.invitedFriendIds}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              Create Debate
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
