import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { STATES, districtsOf, isAtLarge } from '../../../domain/geography/states';
import { ALIGNMENTS, OTHER_ALIGNMENT_MAX, resolveAlignment } from '../../../domain/profiles/alignment';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/profiles/limits';
import { MESSAGES, registerFormSchema, type RegisterForm } from '../../../domain/profiles/profile-schemas';
import { signUp } from './auth-api';
import { FormAlert, SelectField, SubmitButton, TextField, focusFirstInvalid, type FieldProblem } from './auth-fields';
import { messageOf } from './auth-messages';
import { useAlignmentName } from '../../i18n/alignment-name';

type Values = Required<RegisterForm>;
type Field = keyof Values;

const EMPTY: Values = { name: '', email: '', password: '', confirmPassword: '', alignment: '', otherAlignment: '', state: '', district: '' };


/**
 * Zod issues as one problem per field (the first); "required" issues become `true`. The other
 * messages are the schema's (src/domain), translated centrally.
 */
function problemsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const problems: Partial<Record<Field, FieldProblem>> = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field | undefined;
    if (!field || problems[field]) continue;
    if (issue.message === MESSAGES.requiredFields) {
      problems[field] = true;
    } else {
      problems[field] = issue.message;
    }
  }
  return problems;
}

interface RegisterFormProps {
  /** The referrer's user id, sent only when it is one. */
  recruitedBy?: string;
  /** The address an invitation by email was sent to (prefilled). */
  initialEmail?: string;
  onRegistered: (email: string) => void;
}

export function RegisterForm({ recruitedBy, initialEmail, onRegistered }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const alignmentName = useAlignmentName();
  const [values, setValues] = useState<Values>(() => (initialEmail ? { ...EMPTY, email: initialEmail } : EMPTY));
  const [problems, setProblems] = useState<Partial<Record<Field, FieldProblem>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const summaryId = useId();

  const set = (field: Field, value: string) => {
    setValues((v) => (field === 'state' ? { ...v, state: value, district: '' } : { ...v, [field]: value }));
    setProblems((p) => (field === 'state' ? { ...p, state: undefined, district: undefined } : { ...p, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const parsed = registerFormSchema.safeParse(values);
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
      await signUp({
        email: data.email,
        password: data.password,
        name: data.name,
        politicalAlignment,
        state: data.state,
        district: Number(data.district),
        ...(recruitedBy ? { recruitedBy } : {}),
      });
      onRegistered(data.email);
    } catch (error) {
      setFormError(messageOf(error, t('errors.registerFailed')));
      setPending(false);
    }
  }

  const districts = values.state ? districtsOf(values.state) : [];
  const atLarge = values.state ? isAtLarge(values.state) : false;
  // The summary stays while a required field is still empty.
  const shownError = Object.values(problems).some((p) => p === true) ? t('validation.requiredFields') : formError;
  // What every field shares: its problem, the summary it points to when missing, required.
  const common = (problem: FieldProblem) => ({ problem, summaryId, required: true });

  return (
    <form ref={form} noValidate onSubmit={submit} className="space-y-4" aria-label={t('register.formLabel')}>
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
      {values.alignment === 'Other' ? (
        <TextField
          label={t('register.otherAlignmentLabel')}
          name="other-alignment"
          autoComplete="off"
          maxLength={OTHER_ALIGNMENT_MAX}
          value={values.otherAlignment}
          onChange={(e) => set('otherAlignment', e.target.value)}
          {...common(problems.otherAlignment)}
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
          disabled={!values.state}
          onChange={(e) => set('district', e.target.value)}
          {...common(problems.district)}
        >
          <option value="">{values.state ? t('register.districtPlaceholder') : t('register.stateFirst')}</option>
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
