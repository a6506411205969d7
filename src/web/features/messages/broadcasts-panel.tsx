import { Loader2, Megaphone, RefreshCw } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { STATES, districtLabel, districtsOf } from '../../../domain/geography/states';
import { BROADCAST_MESSAGES, sendBroadcastSchema, type BroadcastScope, type BroadcastSendOptions, type BroadcastView } from '../../../domain/social/broadcasts';
import { PRIVATE_MESSAGE_MAX } from '../../../domain/social/messages';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { CharacterCount, FieldError, Label, Select, Textarea } from '../../components/ui/form-controls';
import { EmptyState, ErrorState } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { Pill } from '../invitations/invitation-cards';
import { Avatar } from '../../components/ui/avatar';
import { useBroadcasts, useSendBroadcast } from './message-queries';
import { formatWhen } from './message-time';

/** New broadcasts show up within this time without a reload. */
const BROADCASTS_POLL_MS = 60_000;

/** The Broadcasts tab: the send form for those allowed, then the recent broadcasts meant for the viewer. */
export function BroadcastsPanel() {
  const list = useBroadcasts(BROADCASTS_POLL_MS);
  if (list.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label="Loading broadcasts">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <ErrorState title="Could not load broadcasts" message={list.error.message}>
        <Button variant="outline" onClick={() => void list.refetch()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> Try Again
        </Button>
      </ErrorState>
    );
  }
  return (
    <div className="space-y-6">
      {list.data.sendOptions.scopes.length > 0 ? <SendBroadcastForm options={list.data.sendOptions} /> : null}
      <section aria-labelledby="recent-broadcasts">
        <h2 id="recent-broadcasts" className="mb-3 text-xl font-semibold text-navy-900">
          Recent Broadcasts
        </h2>
        {list.data.broadcasts.length === 0 ? (
          <EmptyState>No broadcasts for you yet. Administrators and your elected delegates will reach you here.</EmptyState>
        ) : (
          <ul className="space-y-3" aria-label="Recent broadcasts">
            {list.data.broadcasts.map((b) => (
              <BroadcastCard key={b.id} broadcast={b} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function BroadcastCard({ broadcast: b }: { broadcast: BroadcastView }) {
  return (
    <li>
      <Card className="p-4">
        <article aria-label={`Broadcast from ${b.sender.name}`}>
          <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <Avatar name={b.sender.name} photoUrl={b.sender.photoUrl} className="h-9 w-9 text-xs" decorative />
            <div className="min-w-0 flex-1">
              <Link to={`/profile/${b.sender.id}`} className="font-semibold break-words text-navy-800 hover:underline">
                {b.sender.name}
              </Link>
              <p className="text-xs text-slate-600">
                <time dateTime={b.createdAt}>{formatWhen(b.createdAt)}</time>
              </p>
            </div>
            <div className="flex flex-wrap gap-1.5">
              {b.sentByMe ? <Pill tone="slate">Sent by you</Pill> : null}
              <Pill tone="navy">To: {b.audienceLabel}</Pill>
            </div>
          </header>
          <p className="mt-3 text-sm break-words whitespace-pre-wrap text-slate-900">{b.message}</p>
        </article>
      </Card>
    </li>
  );
}

const SCOPE_LABELS: Record<Exclude<BroadcastScope, 'constituents'>, string> = {
  everyone: 'Everyone',
  state: 'A state',
  district: 'A district',
};

type Field = 'scope' | 'state' | 'district' | 'message';

function SendBroadcastForm({ options }: { options: BroadcastSendOptions }) {
  const ids = useId();
  const [scope, setScope] = useState<BroadcastScope>(options.scopes[0]!);
  const [state, setState] = useState('');
  const [district, setDistrict] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useSendBroadcast();
  const needsState = scope === 'state' || scope === 'district';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = sendBroadcastSchema.safeParse({ message, scope, state: needsState ? state : undefined, district: scope === 'district' ? district : undefined });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[(issue.path[0] as Field) ?? 'message'] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: (b) => {
        toast.success('Broadcast sent', { description: `Sent to: ${b.audienceLabel}.` });
        setMessage('');
      },
      onError: (e) => toast.error(BROADCAST_MESSAGES.sendFailed, { description: e.message }),
    });
  };

  const labelOf = (s: BroadcastScope) => (s === 'constituents' ? (options.constituency?.label ?? 'Your constituents') : SCOPE_LABELS[s]);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Megaphone className="h-5 w-5 text-accent-700" aria-hidden="true" /> Send a Broadcast
        </CardTitle>
        <CardDescription>Everyone you choose will find it in their Broadcasts tab.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Send a broadcast" className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">Send to</legend>
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-5">
              {options.scopes.map((s) => (
                <label key={s} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name={`${ids}-scope`}
                    value={s}
                    checked={scope === s}
                    onChange={() => {
                      setScope(s);
                      setErrors({});
                    }}
                    className="h-4 w-4 accent-navy-700"
                  />
                  {labelOf(s)}
                </label>
              ))}
            </div>
            <FieldError>{errors.scope}</FieldError>
          </fieldset>
          {needsState ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${ids}-state`}>State</Label>
                <Select
                  id={`${ids}-state`}
                  value={state}
                  aria-invalid={!!errors.state}
                  aria-describedby={errors.state ? `${ids}-state-error` : undefined}
                  onChange={(e) => {
                    setState(e.target.value);
                    setDistrict('');
                  }}
                >
                  <option value="">Choose a state</option>
                  {STATES.map((s) => (
                    <option key={s.code} value={s.code}>
                      {s.name}
                    </option>
                  ))}
                </Select>
                <FieldError id={`${ids}-state-error`}>{errors.state}</FieldError>
              </div>
              {scope === 'district' ? (
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor={`${ids}-district`}>District</Label>
                  <Select
                    id={`${ids}-district`}
                    value={district}
                    disabled={!state}
                    aria-invalid={!!errors.district}
                    aria-describedby={errors.district ? `${ids}-district-error` : undefined}
                    onChange={(e) => setDistrict(e.target.value)}
                  >
                    <option value="">{state ? 'Choose a district' : 'Choose a state first'}</option>
                    {state
                      ? districtsOf(state).map((d) => (
                          <option key={d} value={d}>
                            {districtLabel(state, d)}
                          </option>
                        ))
                      : null}
                  </Select>
                  <FieldError id={`${ids}-district-error`}>{errors.district}</FieldError>
                </div>
              ) : null}
            </div>
          ) : null}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-message`}>Broadcast message</Label>
            <Textarea
              id={`${ids}-message`}
              value={message}
              maxLength={PRIVATE_MESSAGE_MAX}
              aria-invalid={!!errors.message}
              aria-describedby={errors.message ? `${ids}-message-error` : undefined}
              onChange={(e) => setMessage(e.target.value)}
              placeholder="What do you want them to know?"
            />
            <CharacterCount value={message} max={PRIVATE_MESSAGE_MAX} />
            <FieldError id={`${ids}-message-error`}>{errors.message}</FieldError>
          </div>
          <Button type="submit" variant="accent" disabled={send.isPending}>
            {send.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Megaphone className="h-4 w-4" aria-hidden="true" />}
            Send Broadcast
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
