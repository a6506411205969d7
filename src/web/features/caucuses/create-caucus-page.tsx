import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Loader2, Search } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CAUCUS_MESSAGES, CAUCUS_NAME_MAX, CAUCUS_PASSWORD_MIN, createCaucusSchema } from '../../../domain/caucuses/caucus-schemas';
import type { CaucusSummary } from '../../../domain/caucuses/caucus-types';
import { MAX_LEVEL, MIN_LEVEL } from '../../../domain/caucuses/level';
import { STATES, districtLabel, districtsOf, isAtLarge, isStateCode, isValidDistrict, stateName } from '../../../domain/geography/states';
import { ALIGNMENTS, OTHER_ALIGNMENT_MAX } from '../../../domain/profiles/alignment';
import type { OwnProfile } from '../../../domain/profiles/profile-types';
import { ApiError, apiOrConfirmation, type ConfirmationAnswer } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { cn } from '../../components/ui/class-names';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { CharacterCount, FieldError, Input, Label } from '../../components/ui/form-controls';
import { ErrorState, Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { FormAlert, SelectField, TextField, focusFirstInvalid } from '../auth/auth-fields';
import { useSession } from '../session/use-session';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { useAlignmentName } from '../../i18n/alignment-name';
import { useConfirmIdentity } from '../account-security/use-confirm-identity';

/**
 * /create-caucus, 'Create New Caucus'. As a voting member the caucus takes the creator's
 * home and level (shown read-only) and the creator joins it; as an organizer the form gives
 * state, district and level (1 to 4, and 5 for administrators). The server may answer
 * `requires_confirmation` (the creator already votes in another caucus at that level): a
 * dialog asks, then the form is sent again with `confirmLeave`.
 */

interface Values {
  name: string;
  membershipType: 'voting' | 'organizer';
  state: string;
  district: string;
  level: string;
  politicalAlignment: string;
  otherAlignment: string;
  accessType: 'open' | 'private';
  password: string;
  platformLink: string;
}
type Field = keyof Values;

const EMPTY: Values = {
  name: '',
  membershipType: 'voting',
  state: '',
  district: '',
  level: '1',
  politicalAlignment: '',
  otherAlignment: '',
  accessType: 'open',
  password: '',
  platformLink: '',
};

type Confirmation = ConfirmationAnswer;


/** POST that hands back a `requires_confirmation` answer (409) instead of throwing it. */
async function postCaucus(body: unknown): Promise<{ created: CaucusSummary } | { confirm: Confirmation }> {
  const answer = await apiOrConfirmation<CaucusSummary>('/api/caucuses', { method: 'POST', json: body });
  return answer.status === 'requires_confirmation' ? { confirm: answer } : { created: answer };
}

export default function CreateCaucusPage() {
  const { user, isLoading, error, refetch } = useSession();
  const { t } = useTranslation('caucuses');
  useDocumentTitle(t('createPage.title'));
  if (isLoading) return <CreateSkeleton />;
  if (!user) {
    return (
      <Page>
        <h1 className="sr-only">{t('createPage.title')}</h1>
        <ErrorState title={t('createPage.noUser.title')} message={error ? error.message : t('createPage.noUser.signedOut')}>
          <Button asChild variant="primary">
            <Link to="/caucus-search">
              <Search className="h-4 w-4" aria-hidden="true" /> {t('createPage.noUser.backToSearch')}
            </Link>
          </Button>
          {error ? (
            <Button variant="outline" onClick={() => void refetch()}>
              {t('createPage.noUser.tryAgain')}
            </Button>
          ) : null}
        </ErrorState>
      </Page>
    );
  }
  return <CreateCaucusForm user={user} />;
}

function CreateCaucusForm({ user }: { user: OwnProfile }) {
  const { t } = useTranslation('caucuses');
  const alignmentName = useAlignmentName();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const ids = useId();
  // A level-5 caucus is an administrator's: asked again when the last proof is old (issue 32).
  const { run, dialog } = useConfirmIdentity();

  const set = <F extends Field>(field: F, value: Values[F]) => {
    setValues((v) => (field === 'state' ? { ...v, state: value as string, district: '' } : { ...v, [field]: value }));
    setProblems((p) => (field === 'state' ? { ...p, state: undefined, district: undefined } : { ...p, [field]: undefined }));
  };

  const voting = values.membershipType === 'voting';
  const levels = Array.from({ length: MAX_LEVEL - MIN_LEVEL + 1 }, (_, i) => i + MIN_LEVEL).filter((l) => l < MAX_LEVEL || user.isAdministrator);

  function validate() {
    const body = {
      name: values.name,
      membershipType: values.membershipType,
      politicalAlignment: values.politicalAlignment,
      accessType: values.accessType,
      ...(voting ? {} : { state: values.state, district: values.district, level: values.level }),
      ...(values.politicalAlignment === 'Other' && values.otherAlignment.trim() ? { otherAlignment: values.otherAlignment } : {}),
      ...(values.accessType === 'private' ? { password: values.password } : {}),
      ...(values.platformLink.trim() ? { platformLink: values.platformLink } : {}),
    };
    const parsed = createCaucusSchema.safeParse(body);
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !found[field]) found[field] = issue.message;
      }
    }
    // The schema's cross-field rules run only once its fields parse: check them here too, so
    // every problem shows at once.
    if (!voting) {
      if (!isStateCode(values.state)) found.state ??= CAUCUS_MESSAGES.stateRequired;
      else if (!isValidDistrict(values.state, Number(values.district))) found.district ??= CAUCUS_MESSAGES.districtRequired;
      const l = Number(values.level);
      if (!Number.isInteger(l) || l < MIN_LEVEL || l > MAX_LEVEL) found.level ??= CAUCUS_MESSAGES.levelRange;
    }
    if (values.accessType === 'private') {
      const pw = values.password.trim();
      if (!pw) found.password ??= CAUCUS_MESSAGES.passwordRequired;
      else if (pw.length < CAUCUS_PASSWORD_MIN) found.password ??= CAUCUS_MESSAGES.passwordTooShort;
    }
    if (values.platformLink.trim() && !/^https?:\/\/\S+$/i.test(values.platformLink.trim())) found.platformLink ??= CAUCUS_MESSAGES.platformLinkInvalid;
    const level = voting ? user.level : Number(values.level);
    if (level === MAX_LEVEL && !user.isAdministrator && !found.level) found.level = CAUCUS_MESSAGES.level5AdminsOnly;
    return { parsed: parsed.success ? parsed.data : null, found };
  }

  async function send(confirmLeave: boolean) {
    const { parsed, found } = validate();
    if (!parsed || Object.keys(found).length > 0) {
      flushSync(() => {
        setProblems(found);
        setFormError(null);
      });
      if (found.level && voting) setFormError(found.level);
      focusFirstInvalid(form.current);
      return;
    }
    setProblems({});
    setFormError(null);
    setPending(true);
    try {
      const answer = await run(() => postCaucus({ ...parsed, ...(confirmLeave ? { confirmLeave: true } : {}) }));
      if ('confirm' in answer) {
        setConfirmation(answer.confirm);
        setPending(false);
        return;
      }
      setConfirmation(null);
      void queryClient.invalidateQueries({ queryKey: ['caucuses'] });
      toast.success(t('createPage.created.title'), {
        description: t('createPage.created.description', { name: answer.created.name, count: answer.created.requiredVotingMembers }),
        action: { label: t('createPage.created.view'), onClick: () => navigate(`/caucus/${answer.created.id}`) },
      });
      navigate('/caucus-search');
    } catch (error) {
      const message = error instanceof ApiError ? error.message : t('createPage.failed');
      setFormError(message);
      toast.error(t('createPage.failed'), { description: message });
      setPending(false);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) void send(false);
  };

  const districts = values.state ? districtsOf(values.state) : [];
  const id = (name: string) => `${ids}-${name}`;

  return (
    <Page title={t('createPage.title')} subtitle={t('createPage.subtitle')}>
      {dialog}
      <Card className="max-w-2xl">
        <CardContent className="pt-5">
          <form method="post" ref={form} noValidate onSubmit={submit} className="space-y-6" aria-label={t('createPage.title')}>
            {formError ? <FormAlert>{formError}</FormAlert> : null}

            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id('name')}>{t('createPage.name')}</Label>
              <Input
                id={id('name')}
                name="name"
                autoComplete="off"
                maxLength={CAUCUS_NAME_MAX}
                value={values.name}
                required
                aria-invalid={problems.name ? true : undefined}
                aria-describedby={problems.name ? id('name-error') : undefined}
                onChange={(e) => set('name', e.target.value)}
              />
              <div className="flex items-start justify-between gap-2">
                <FieldError id={id('name-error')}>{problems.name}</FieldError>
                <div className="ml-auto">
                  <CharacterCount value={values.name} max={CAUCUS_NAME_MAX} />
                </div>
              </div>
            </div>

            <RadioGroup
              legend={t('createPage.role.legend')}
              name="membershipType"
              value={values.membershipType}
              onChange={(v) => set('membershipType', v as Values['membershipType'])}
              options={[
                { value: 'voting', label: t('createPage.role.voting'), hint: t('createPage.role.votingHint') },
                { value: 'organizer', label: t('createPage.role.organizer'), hint: t('createPage.role.organizerHint') },
              ]}
            />

            {voting ? (
              <section aria-labelledby={id('home')} className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
                <h2 id={id('home')} className="font-semibold text-slate-900">
                  {t('createPage.home.title')}
                </h2>
                <dl className="mt-2 grid gap-2 sm:grid-cols-3">
                  <ReadOnly label={t('createPage.state')}>{stateName(user.state)}</ReadOnly>
                  <ReadOnly label={t('createPage.district')}>{districtLabel(user.state, user.district)}</ReadOnly>
                  <ReadOnly label={t('createPage.level')}>{t('createPage.levelNumber', { level: user.level })}</ReadOnly>
                </dl>
                <p className="mt-2 text-xs text-slate-600">
                  <Trans t={t} i18nKey="createPage.home.note" components={{ anchor: <Link to="/profile" className="text-navy-700 underline" /> }} />
                </p>
              </section>
            ) : (
              <div className="grid gap-4 sm:grid-cols-3">
                <SelectField label={t('createPage.state')} name="state" value={values.state} problem={problems.state} required onChange={(e) => set('state', e.target.value)}>
                  <option value="">{t('createPage.selectState')}</option>
                  {STATES.map((s) => (
                    <option key={s.code} value={s.code}>
                      {s.name}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label={t('createPage.district')}
                  name="district"
                  value={values.district}
                  problem={problems.district}
                  disabled={!values.state}
                  required
                  onChange={(e) => set('district', e.target.value)}
                >
                  <option value="">{values.state ? t('createPage.selectDistrict') : t('createPage.selectStateFirst')}</option>
                  {districts.map((d) => (
                    <option key={d} value={String(d)}>
                      {isAtLarge(values.state) ? t('createPage.atLarge', { district: d }) : d}
                    </option>
                  ))}
                </SelectField>
                <SelectField label={t('createPage.level')} name="level" value={values.level} problem={problems.level} required onChange={(e) => set('level', e.target.value)}>
                  {levels.map((l) => (
                    <option key={l} value={String(l)}>
                      {t('createPage.levelNumber', { level: l })}
                    </option>
                  ))}
                </SelectField>
              </div>
            )}

            <div className="space-y-4">
              <SelectField
                label={t('createPage.alignment.label')}
                name="politicalAlignment"
                value={values.politicalAlignment}
                problem={problems.politicalAlignment}
                required
                onChange={(e) => set('politicalAlignment', e.target.value)}
              >
                <option value="">{t('createPage.alignment.select')}</option>
                {ALIGNMENTS.map((a) => (
                  <option key={a} value={a}>
                    {alignmentName(a)}
                  </option>
                ))}
              </SelectField>
              {values.politicalAlignment === 'Other' ? (
                <TextField
                  label={t('createPage.alignment.other')}
                  name="otherAlignment"
                  autoComplete="off"
                  maxLength={OTHER_ALIGNMENT_MAX}
                  value={values.otherAlignment}
                  problem={problems.otherAlignment}
                  onChange={(e) => set('otherAlignment', e.target.value)}
                />
              ) : null}
            </div>

            <RadioGroup
              legend={t('createPage.access.legend')}
              name="accessType"
              value={values.accessType}
              onChange={(v) => set('accessType', v as Values['accessType'])}
              options={[
                { value: 'open', label: t('createPage.access.open'), hint: t('createPage.access.openHint') },
                { value: 'private', label: t('createPage.access.private'), hint: t('createPage.access.privateHint') },
              ]}
            />
            {values.accessType === 'private' ? (
              <TextField
                label={t('createPage.password.label')}
                name="caucus-password"
                type="text"
                autoComplete="off"
                maxLength={200}
                hint={t('createPage.password.hint', { min: CAUCUS_PASSWORD_MIN })}
                value={values.password}
                problem={problems.password}
                required
                onChange={(e) => set('password', e.target.value)}
              />
            ) : null}

            <TextField
              label={t('createPage.platform.label')}
              name="platformLink"
              type="url"
              inputMode="url"
              autoComplete="url"
              maxLength={500}
              placeholder={t('createPage.platform.placeholder')}
              hint={t('createPage.platform.hint')}
              value={values.platformLink}
              problem={problems.platformLink}
              onChange={(e) => set('platformLink', e.target.value)}
            />

            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button asChild variant="outline">
                <Link to="/caucus-search">
                  <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t('createPage.cancel')}
                </Link>
              </Button>
              <Button type="submit" variant="primary" disabled={pending} aria-disabled={pending}>
                {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                {pending ? t('createPage.creating') : t('createPage.submit')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <Dialog open={!!confirmation} onOpenChange={(open) => (open ? null : setConfirmation(null))}>
        {confirmation ? (
          <DialogContent title={t('createPage.leave.title')} description={confirmation.message}>
            <p className="text-sm text-slate-700">
              <Trans t={t} i18nKey="createPage.leave.body" values={{ name: confirmation.existingCaucusName }} components={{ strong: <strong /> }} />
            </p>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setConfirmation(null)} disabled={pending}>
                {t('createPage.cancel')}
              </Button>
              <Button variant="destructive" onClick={() => void send(true)} disabled={pending}>
                {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                {t('createPage.leave.confirm')}
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </Page>
  );
}

function RadioGroup({
  legend,
  name,
  value,
  onChange,
  options,
}: {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<{ value: string; label: string; hint: string }>;
}) {
  const ids = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((o) => {
          const inputId = `${ids}-${o.value}`;
          return (
            // The whole box selects its option on click; the radio itself carries the keyboard and the name.
            <div
              key={o.value}
              onClick={() => onChange(o.value)}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm',
                value === o.value ? 'border-navy-500 bg-navy-50' : 'border-slate-300 bg-white hover:bg-slate-50',
              )}
            >
              <input
                id={inputId}
                type="radio"
                name={name}
                value={o.value}
                checked={value === o.value}
                onChange={() => onChange(o.value)}
                aria-describedby={`${inputId}-hint`}
                className="mt-0.5 h-4 w-4 shrink-0 accent-navy-700"
              />
              <span>
                <label htmlFor={inputId} className="block cursor-pointer font-medium text-slate-900">
                  {o.label}
                </label>
                <span id={`${inputId}-hint`} className="block text-slate-600">
                  {o.hint}
                </span>
              </span>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function ReadOnly({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function CreateSkeleton() {
  const { t } = useTranslation('caucuses');
  return (
    <Page>
      <div role="status" aria-label={t('createPage.loadingLabel')} className="max-w-2xl space-y-4">
        <Skeleton className="h-8 w-1/2" />
        <Card>
          <CardContent className="space-y-4 pt-5">
            <Skeleton className="h-10" />
            <Skeleton className="h-20" />
            <Skeleton className="h-10" />
            <Skeleton className="h-20" />
            <Skeleton className="h-10 w-1/3" />
          </CardContent>
        </Card>
        <span className="sr-only">{t('createPage.loading')}</span>
      </div>
    </Page>
  );
}

