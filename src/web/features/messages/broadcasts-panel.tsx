import { Loader2, Megaphone, RefreshCw } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { MAX_LEVEL } from '../../../domain/caucuses/level';
import { STATES, districtLabel, districtsOf, stateName } from '../../../domain/geography/states';
import { sendBroadcastSchema, type BroadcastScope, type BroadcastSendOptions, type BroadcastView, type Constituency } from '../../../domain/social/broadcasts';
import { PRIVATE_MESSAGE_MAX } from '../../../domain/social/messages';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { CharacterCount, FieldError, Label, Select, Textarea } from '../../components/ui/form-controls';
import { EmptyState, ErrorState } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { Pill } from '../invitations/invitation-cards';
import { Avatar } from '../../components/ui/avatar';
import { useBroadcasts, useSendBroadcast } from './message-queries';
import { useConfirmIdentity } from '../account-security/use-confirm-identity';
import { useFormatWhen } from './message-time';

/** New broadcasts show up within this time without a reload. */
const BROADCASTS_POLL_MS = 60_000;

/** The Broadcasts tab: the send form for those allowed, then the recent broadcasts meant for the viewer. */
export function BroadcastsPanel() {
  const { t } = useTranslation('messages');
  const list = useBroadcasts(BROADCASTS_POLL_MS);
  if (list.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label={t('broadcasts.loading')}>
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <ErrorState title={t('broadcasts.loadError')} message={list.error.message}>
        <Button variant="outline" onClick={() => void list.refetch()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('broadcasts.tryAgain')}
        </Button>
      </ErrorState>
    );
  }
  return (
    <div className="space-y-6">
      {list.data.sendOptions.scopes.length > 0 ? <SendBroadcastForm options={list.data.sendOptions} /> : null}
      <section aria-labelledby="recent-broadcasts">
        <h2 id="recent-broadcasts" className="mb-3 text-xl font-semibold text-navy-900">
          {t('broadcasts.recentTitle')}
        </h2>
        {list.data.broadcasts.length === 0 ? (
          <EmptyState>{t('broadcasts.empty')}</EmptyState>
        ) : (
          <ul className="space-y-3" aria-label={t('broadcasts.listLabel')}>
            {list.data.broadcasts.map((b) => (
              <BroadcastCard key={b.id} broadcast={b} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Who a broadcast was meant for, as the list shows it (the words of audienceLabel in src/domain, translated). */
function useAudienceLabel(): (b: Pick<BroadcastView, 'scope' | 'targetState' | 'targetDistrict' | 'level'>) => string {
  const { t } = useTranslation('messages');
  return (b) => {
    switch (b.scope) {
      case 'everyone':
        return t('audience.everyone');
      case 'state':
        return stateName(b.targetState ?? '');
      case 'district': {
        const district = districtLabel(b.targetState ?? '', b.targetDistrict ?? 0);
        return b.level === MAX_LEVEL ? t('audience.districtFromCandidate', { district }) : t('audience.district', { district });
      }
      case 'constituents':
        return t('audience.constituents', { level: String(b.level ?? '?'), district: districtLabel(b.targetState ?? '', b.targetDistrict ?? 0) });
    }
  };
}

function BroadcastCard({ broadcast: b }: { broadcast: BroadcastView }) {
  const { t } = useTranslation('messages');
  const formatWhen = useFormatWhen();
  const audienceLabel = useAudienceLabel();
  return (
    <li>
      <Card className="p-4">
        <article aria-label={t('broadcasts.cardLabel', { name: b.sender.name })}>
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
              {b.sentByMe ? <Pill tone="slate">{t('broadcasts.sentByYou')}</Pill> : null}
              <Pill tone="navy">{t('broadcasts.to', { audience: audienceLabel(b) })}</Pill>
            </div>
          </header>
          <p className="mt-3 text-sm break-words whitespace-pre-wrap text-slate-900">{b.message}</p>
        </article>
      </Card>
    </li>
  );
}

type Field = 'scope' | 'state' | 'district' | 'message';

function SendBroadcastForm({ options }: { options: BroadcastSendOptions }) {
  const { t } = useTranslation('messages');
  const audienceLabel = useAudienceLabel();
  const ids = useId();
  const [scope, setScope] = useState<BroadcastScope>(options.scopes[0]!);
  const [state, setState] = useState('');
  const [district, setDistrict] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useSendBroadcast();
  const { run, dialog } = useConfirmIdentity();
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
    // A broadcast beyond one's constituents is an administrator's: asked again when the last proof is old (issue 32).
    run(() => send.mutateAsync(parsed.data)).then(
      (b) => {
        toast.success(t('sendBroadcast.sent'), { description: t('sendBroadcast.sentDescription', { audience: audienceLabel(b) }) });
        setMessage('');
      },
      (e: Error) => toast.error(t('sendBroadcast.sendFailed'), { description: e.message }),
    );
  };

  /** How the form names the constituents of `c` (the words of constituencyLabel in src/domain, translated). */
  const constituencyLabel = (c: Constituency) =>
    c.level >= MAX_LEVEL
      ? t('sendBroadcast.wholeDistrict', { district: districtLabel(c.state, c.district) })
      : t('sendBroadcast.constituents', { caucus: c.caucusName, level: c.level });
  const labelOf = (s: BroadcastScope) =>
    s === 'constituents' ? (options.constituency ? constituencyLabel(options.constituency) : t('sendBroadcast.yourConstituents')) : t(`sendBroadcast.scopes.${s}`);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Megaphone className="h-5 w-5 text-accent-700" aria-hidden="true" /> {t('sendBroadcast.title')}
        </CardTitle>
        <CardDescription>{t('sendBroadcast.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {dialog}
        <form method="post" onSubmit={onSubmit} noValidate aria-label={t('sendBroadcast.formLabel')} className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">{t('sendBroadcast.sendTo')}</legend>
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
                <Label htmlFor={`${ids}-state`}>{t('sendBroadcast.state')}</Label>
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
                  <option value="">{t('sendBroadcast.chooseState')}</option>
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
                  <Label htmlFor={`${ids}-district`}>{t('sendBroadcast.district')}</Label>
                  <Select
                    id={`${ids}-district`}
                    value={district}
                    disabled={!state}
                    aria-invalid={!!errors.district}
                    aria-describedby={errors.district ? `${ids}-district-error` : undefined}
                    onChange={(e) => setDistrict(e.target.value)}
                  >
                    <option value="">{state ? t('sendBroadcast.chooseDistrict') : t('sendBroadcast.chooseStateFirst')}</option>
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
            <Label htmlFor={`${ids}-message`}>{t('sendBroadcast.message')}</Label>
            <Textarea
              id={`${ids}-message`}
              value={message}
              maxLength={PRIVATE_MESSAGE_MAX}
              aria-invalid={!!errors.message}
              aria-describedby={errors.message ? `${ids}-message-error` : undefined}
              onChange={(e) => setMessage(e.target.value)}
              placeholder={t('sendBroadcast.placeholder')}
            />
            <CharacterCount value={message} max={PRIVATE_MESSAGE_MAX} />
            <FieldError id={`${ids}-message-error`}>{errors.message}</FieldError>
          </div>
          <Button type="submit" variant="accent" disabled={send.isPending}>
            {send.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Megaphone className="h-4 w-4" aria-hidden="true" />}
            {t('sendBroadcast.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
