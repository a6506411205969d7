import { Loader2, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
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
import { TEAM_LABEL, TEAM_STYLE, TYPE_LABEL, TypeIcon } from './challenge-cards';
import { useCreateChallenge } from './challenge-queries';

type Field = 'name' | 'challengeType' | 'durationDays' | 'team' | 'inviteeIds';

/** "Title: text" messages of the spec become a toast's title and description. */
function splitTitle(message: string): { title: string; description?: string } {
  const i = message.indexOf(': ');
  return i > 0 && i < 40 ? { title: message.slice(0, i), description: message.slice(i + 2) } : { title: message };
}

/** The Create Challenge dialog: name, type, 3–30 days, the creator's team, 1–11 friends. */
export function CreateChallengeDialog({ triggerLabel = 'Create Challenge' }: { triggerLabel?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="accent">
          <Plus className="h-4 w-4" aria-hidden="true" /> {triggerLabel}
        </Button>
      </DialogTrigger>
      {open ? (
        <DialogContent title="Create Challenge" description="Pick a goal, a length and your team, then invite friends. The team that earns more wins.">
          <CreateChallengeForm onDone={() => setOpen(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function CreateChallengeForm({ onDone }: { onDone: () => void }) {
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
      if (first === CHALLENGE_MESSAGES.noFriendsInvited || first === CHALLENGE_MESSAGES.tooManyMembers) toast.error(splitTitle(first).title, { description: splitTitle(first).description });
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ id }) => {
        const n = parsed.data.inviteeIds.length;
        toast.success('Challenge Created', { description: `Sent invitations to ${n} friend${n === 1 ? '' : 's'}.` });
        onDone();
        void navigate(`/challenge/${id}`);
      },
      onError: (error) => {
        const message = error instanceof ApiError && error.status === 400 ? error.message : undefined;
        toast.error(CHALLENGE_MESSAGES.createFailed, { description: message ?? error.message });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Create challenge">
      <div className="space-y-1.5">
        <Label htmlFor={ids.name}>Challenge Name</Label>
        <Input
          id={ids.name}
          value={name}
          maxLength={CHALLENGE_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={!!errors.name}
          aria-describedby={errors.name ? ids.nameError : undefined}
          placeholder="e.g. Spring Recruiting Drive"
          autoComplete="off"
        />
        <FieldError id={ids.nameError}>{errors.name}</FieldError>
      </div>

      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-slate-800">Challenge Type</legend>
        <div className="grid grid-cols-2 gap-2">
          {CHALLENGE_TYPES.map((t) => (
            <label
              key={t}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-navy-500',
                challengeType === t ? 'border-navy-500 bg-navy-50 text-navy-900' : 'border-slate-300 text-slate-800',
              )}
            >
              <input type="radio" name="challengeType" value={t} checked={challengeType === t} onChange={() => setChallengeType(t)} className="sr-only" />
              <TypeIcon type={t} className="h-4 w-4 text-accent-700" />
              {TYPE_LABEL[t]}
            </label>
          ))}
        </div>
        <p className="text-xs text-slate-600">Sparks: friends you refer who confirm their email. Banners: caucuses you organize that elect a Delegate.</p>
      </fieldset>

      <div className="space-y-1.5">
        <Label htmlFor={ids.duration} className="block">
          Duration (days)
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
        <legend className="text-sm font-medium text-slate-800">Your Team</legend>
        <div className="grid grid-cols-2 gap-2">
          {TEAMS.map((t) => (
            <label
              key={t}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border-2 p-3 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-navy-500',
                team === t ? TEAM_STYLE[t].panel : 'border-slate-200',
                TEAM_STYLE[t].text,
              )}
            >
              <input type="radio" name="team" value={t} checked={team === t} onChange={() => setTeam(t)} className="sr-only" />
              <span className={cn('h-3 w-3 rounded-full', TEAM_STYLE[t].dot)} aria-hidden="true" />
              {TEAM_LABEL[t]}
            </label>
          ))}
        </div>
      </fieldset>

      <FriendPicker
        legend="Invite Friends"
        hint={`At least one, at most ${CHALLENGE_MAX_INVITEES} (${invitees.length} selected). Each friend gets a private message with the link.`}
        selected={invitees}
        onToggle={toggle}
        max={CHALLENGE_MAX_INVITEES}
        error={errors.inviteeIds}
      />

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          Create Challenge
        </Button>
      </div>
    </form>
  );
}
