import { Loader2, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { inPageLanguage } from '../../i18n/message-language';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  CHALLENGE_DEFAULT_DAYS,
  CHALLENGE_MAX_DAYS,
  CHALLENGE_MAX_INVITEES,
  CHALLENGE_MESSAGES,
  CHALLENGE_MIN_DAYS,
  CHALLENGE_NAME_MAX,
  CHALLENGE_TYPES,
  TEAMS,
  createChallengeSchema,
  type ChallengeType,
  type Team,
} from '../../../domain/challenges/challenge-schemas';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/class-names';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/form-controls';
import { FriendPicker } from '../friends/friend-picker';
import { TEAM_STYLE, TypeIcon } from './challenge-cards';
import { useCreateChallenge } from './challenge-queries';

type Field = 'name' | 'challengeType' | 'durationDays' | 'team' | 'inviteeIds';

/** "Title: text" messages of the spec become a toast's title and description. */
function splitTitle(message: string): { title: string; description?: string } {
  const i = message.indexOf(': ');
  return i > 0 && i < 40 ? { title: message.slice(0, i), description: message.slice(i + 2) } : { title: message };
}

/** The Create Challenge dialog: name, type, 3–30 days, the creator's team, 1–11 friends. */
export function CreateChallengeDialog({ triggerLabel }: { triggerLabel?: string }) {
  const { t } = useTranslation('challenges');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="accent">
          <Plus className="h-4 w-4" aria-hidden="true" /> {triggerLabel ?? t('create.trigger')}
        </Button>
      </DialogTrigger>
      {open ? (
        <DialogContent title={t('create.title')} description={t('create.description')}>
          <CreateChallengeForm onDone={() => setOpen(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function CreateChallengeForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('challenges');
  const navigate = useNavigate();
  const create = useCreateChallenge();
  const [name, setName] = useState('');
  const [challengeType, setChallengeType] = useState<ChallengeType>('sparks');
  const [durationDays, setDurationDays] = useState(String(CHALLENGE_DEFAULT_DAYS));
  const [team, setTeam] = useState<Team>('blue');
  const [invitees, setInvitees] = useState<string[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const ids = { name: useId(), duration: useId(), nameError: useId(), durationError: useId() };

  const toggle = (id: string, on: boolean) => {
    setInvitees((current) => (on ? [...current, id] : current.filter((x) => x !== id)));
    setErrors((e) => ({ ...e, inviteeIds: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createChallengeSchema.safeParse({
      name,
      challengeType,
      durationDays: durationDays.trim() === '' ? undefined : Number(durationDays),
      team,
      inviteeIds: invitees,
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      const first = parsed.error.issues[0]!.message;
      if (first === CHALLENGE_MESSAGES.noFriendsInvited || first === CHALLENGE_MESSAGES.tooManyMembers) {
        const said = splitTitle(inPageLanguage(first));
        toast.error(said.title, { description: said.description });
      }
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ id }) => {
        const n = parsed.data.inviteeIds.length;
        toast.success(t('create.created'), { description: t('create.createdDescription', { count: n }) });
        onDone();
        void navigate(`/challenge/${id}`);
      },
      onError: (error) => {
        const message = error instanceof ApiError && error.status === 400 ? error.message : undefined;
        toast.error(t('create.failed'), { description: message ?? error.message });
      },
    });
  };

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('create.formLabel')}>
      <div className="space-y-1.5">
        <Label htmlFor={ids.name}>{t('create.name')}</Label>
        <Input
          id={ids.name}
          value={name}
          maxLength={CHALLENGE_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={!!errors.name}
          aria-describedby={errors.name ? ids.nameError : undefined}
          placeholder={t('create.namePlaceholder')}
          autoComplete="off"
        />
        <FieldError id={ids.nameError}>{errors.name}</FieldError>
      </div>

      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-slate-800">{t('create.type')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {CHALLENGE_TYPES.map((type) => (
            <label
              key={type}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-navy-500',
                challengeType === type ? 'border-navy-500 bg-navy-50 text-navy-900' : 'border-slate-300 text-slate-800',
              )}
            >
              <input type="radio" name="challengeType" value={type} checked={challengeType === type} onChange={() => setChallengeType(type)} className="sr-only" />
              <TypeIcon type={type} className="h-4 w-4 text-accent-700" />
              {t(`type.${type}`)}
            </label>
          ))}
        </div>
        <p className="text-xs text-slate-600">{t('create.typeHint')}</p>
      </fieldset>

      <div className="space-y-1.5">
        <Label htmlFor={ids.duration} className="block">
          {t('create.duration')}
        </Label>
        <Input
          id={ids.duration}
          type="number"
          inputMode="numeric"
          min={CHALLENGE_MIN_DAYS}
          max={CHALLENGE_MAX_DAYS}
          value={durationDays}
          onChange={(e) => setDurationDays(e.target.value)}
          aria-invalid={!!errors.durationDays}
          aria-describedby={errors.durationDays ? ids.durationError : undefined}
          className="max-w-32"
        />
        <FieldError id={ids.durationError}>{errors.durationDays}</FieldError>
      </div>

      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-slate-800">{t('create.team')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {TEAMS.map((option) => (
            <label
              key={option}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border-2 p-3 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-navy-500',
                team === option ? TEAM_STYLE[option].panel : 'border-slate-200',
                TEAM_STYLE[option].text,
              )}
            >
              <input type="radio" name="team" value={option} checked={team === option} onChange={() => setTeam(option)} className="sr-only" />
              <span className={cn('h-3 w-3 rounded-full', TEAM_STYLE[option].dot)} aria-hidden="true" />
              {t(`team.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <FriendPicker
        legend={t('create.invite')}
        hint={t('create.inviteHint', { max: CHALLENGE_MAX_INVITEES, count: invitees.length })}
        selected={invitees}
        onToggle={toggle}
        max={CHALLENGE_MAX_INVITEES}
        error={errors.inviteeIds}
      />

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          {t('create.cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          {t('create.submit')}
        </Button>
      </div>
    </form>
  );
}
