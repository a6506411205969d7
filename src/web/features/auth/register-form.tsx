import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { AuthFormValues, FormProblems } from '../../../domain/auth/auth-form-result';
import { problemsOf, signUpBody } from '../../../domain/auth/auth-forms';
import { MAX_DISTRICT, STATES, districtsOf, isAtLarge } from '../../../domain/geography/states';
import { ALIGNMENTS, OTHER_ALIGNMENT_MAX, resolveAlignment } from '../../../domain/profiles/alignment';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/profiles/limits';
import { registerFormSchema, type RegisterForm } from '../../../domain/profiles/profile-schemas';
import { signUp } from './auth-api';
import { useHydrated } from '../../components/use-hydrated';
import { FormName, shownValue, useAdoptTypedText } from '../../components/page-form';
import { FormAlert, SelectField, SubmitButton, TextField, focusFirstInvalid, type FieldProblem } from './auth-fields';
import { errorCode, messageOf } from './auth-messages';
import { COMMON_PASSWORD } from '../../../domain/accounts/common-passwords';
import { useAlignmentName } from '../../i18n/alignment-name';

type Values = Required<RegisterForm>;
type Field = keyof Values;

const EMPTY: Values = { name: '', email: '', password: '', confirmPassword: '', alignment: '', otherAlignment: '', state: '', district: '' };
/** Each field's name in the form (what it posts without JavaScript). */
const FIELD_NAMES: Record<Field, string> = {
  name: 'name',
  email: 'email',
  password: 'new-password',
  confirmPassword: 'confirm-password',
  alignment: 'alignment',
  otherAlignment: 'other-alignment',
  state: 'state',
  district: 'district',
};


/** What each field of the form shows, where the state may lag behind (shownValue). */
function shownValues(form: HTMLFormElement | null, values: Values): Values {
  return Object.fromEntries(Object.entries(FIELD_NAMES).map(([field, name]) => [field, shownValue(form, name, values[field as Field])])) as Values;
}

/** Every district number, for the district list before the page's code runs (it cannot follow the state yet). */
const ANY_DISTRICT = Array.from({ length: MAX_DISTRICT }, (_, i) => i + 1);

interface RegisterFormProps {
  /** Where the form posts without JavaScript: the page's own address (decision 035). */
  action: string;
  /** What the form sent without JavaScript held (passwords aside) and how it was refused. */
  initial?: { values: AuthFormValues; problems: FormProblems; formError: string | null };
  /** The referrer's user id, sent only when it is one. */
  recruitedBy?: string;
  /** The address an invitation by email was sent to (prefilled). */
  initialEmail?: string;
  onRegistered: (email: string) => void;
}

export function RegisterForm({ action, initial, recruitedBy, initialEmail, onRegistered }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const alignmentName = useAlignmentName();
  const hydrated = useHydrated();
  const [values, setValues] = useState<Values>(() => {
    if (initial) return { ...EMPTY, ...initial.values };
    return initialEmail ? { ...EMPTY, email: initialEmail } : EMPTY;
  });
  const [problems, setProblems] = useState<Partial<Record<Field, FieldProblem>>>(() => initial?.problems ?? {});
  const [formError, setFormError] = useState<string | null>(initial?.formError ?? null);
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const summaryId = useId();
  // Every field at once: a state adopted through set() would empty the district adopted with it.
  useAdoptTypedText(
    form,
    Object.fromEntries(Object.entries(FIELD_NAMES).map(([field, name]) => [name, values[field as Field]])),
    () => setValues((v) => shownValues(form.current, v)),
  );

  const set = (field: Field, value: string) => {
    setValues((v) => (field === 'state' ? { ...v, state: value, district: '' } : { ...v, [field]: value }));
    setProblems((p) => (field === 'state' ? { ...p, state: undefined, district: undefined } : { ...p, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    // What the fields show (typed while the app adopted the page, decision 022), kept in state.
    const shown = shownValues(form.current, values);
    if (Object.keys(FIELD_NAMES).some((field) => shown[field as Field] !== values[field as Field])) setValues(shown);
    const parsed = registerFormSchema.safeParse(shown);
    if (!parsed.success) {
      flushSync(() => {
        setProblems(problemsOf(parsed.error.issues));
        setFormError(null);
      });
      focusFirstInvalid(form.current);
      return;
    }
    const data = parsed.data;
    const politicalAlignment = resolveAlignment(data.alignment, data.otherAlignment);
    if (!politicalAlignment) {
      setProblems({ alignment: t('validation.invalidAlignment') });
      return;
    }
    setProblems({});
    setFormError(null);
    setPending(true);
    try {
      await signUp(signUpBody(data, politicalAlignment, recruitedBy));
      onRegistered(data.email);
    } catch (error) {
      if (errorCode(error) === COMMON_PASSWORD.code) {
        // A common or breached password (issue 32): said under the password field, which takes focus.
        flushSync(() => setProblems({ password: messageOf(error, t('errors.registerFailed')) }));
        focusFirstInvalid(form.current);
      } else {
        setFormError(messageOf(error, t('errors.registerFailed')));
      }
      setPending(false);
    }
  }

  // Before the page's code runs (or without it), the lists cannot follow each other: every
  // district is offered and the Other text is shown; the server checks them (decision 035).
  const districts = !hydrated ? ANY_DISTRICT : values.state ? districtsOf(values.state) : [];
  const atLarge = hydrated && values.state ? isAtLarge(values.state) : false;
  // The summary stays while a required field is still empty.
  const shownError = Object.values(problems).some((p) => p === true) ? t('validation.requiredFields') : formError;
  // What every field shares: its problem, the summary it points to when missing, required.
  const common = (problem: FieldProblem) => ({ problem, summaryId, required: true });

  return (
    <form ref={form} method="post" action={action} noValidate onSubmit={submit} className="space-y-4" aria-label={t('register.formLabel')}>
      <FormName form="register" />
      {shownError ? <FormAlert id={summaryId}>{shownError}</FormAlert> : null}
      <TextField label={t('register.nameLabel')} name="name" autoComplete="name" maxLength={NAME_MAX} value={values.name} onChange={(e) => set('name', e.target.value)} {...common(problems.name)} />
      <TextField
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        maxLength={EMAIL_MAX}
        value={values.email}
        onChange={(e) => set('email', e.target.value)}
        {...common(problems.email)}
      />
      <TextField
        label={t('fields.password')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        hint={t('fields.passwordHint', { min: PASSWORD_MIN })}
        value={values.password}
        onChange={(e) => set('password', e.target.value)}
        {...common(problems.password)}
      />
      <TextField
        label={t('register.confirmPasswordLabel')}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={values.confirmPassword}
        onChange={(e) => set('confirmPassword', e.target.value)}
        {...common(problems.confirmPassword)}
      />
      <SelectField label={t('register.alignmentLabel')} name="alignment" value={values.alignment} onChange={(e) => set('alignment', e.target.value)} {...common(problems.alignment)}>
        <option value="">{t('register.alignmentPlaceholder')}</option>
        {ALIGNMENTS.map((a) => (
          <option key={a} value={a}>
            {alignmentName(a)}
          </option>
        ))}
      </SelectField>
      {values.alignment === 'Other' || !hydrated ? (
        <TextField
          label={t('register.otherAlignmentLabel')}
          name="other-alignment"
          autoComplete="off"
          maxLength={OTHER_ALIGNMENT_MAX}
          value={values.otherAlignment}
          onChange={(e) => set('otherAlignment', e.target.value)}
          {...common(problems.otherAlignment)}
          required={values.alignment === 'Other'}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('register.stateLabel')} name="state" autoComplete="address-level1" value={values.state} onChange={(e) => set('state', e.target.value)} {...common(problems.state)}>
          <option value="">{t('register.statePlaceholder')}</option>
          {STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('register.districtLabel')}
          name="district"
          value={values.district}
          disabled={hydrated && !values.state}
          onChange={(e) => set('district', e.target.value)}
          {...common(problems.district)}
        >
          <option value="">{values.state || !hydrated ? t('register.districtPlaceholder') : t('register.stateFirst')}</option>
          {districts.map((d) => (
            <option key={d} value={String(d)}>
              {atLarge ? t('register.atLarge', { district: d }) : d}
            </option>
          ))}
        </SelectField>
      </div>
      <SubmitButton pending={pending} label={t('register.submit')} pendingLabel={t('register.pending')} />
    </form>
  );
}
