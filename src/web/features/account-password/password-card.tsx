import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ChangePasswordInput, PasswordChanged } from '../../../domain/accounts/password-change';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/profiles/limits';
import { api, ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { IconCardHeader } from '../../components/ui/icon-card-header';
import { FieldError, LabelledInput } from '../../components/ui/form-controls';
import { DEVICES_KEY } from '../account-devices/device-queries';

const FIELD = { current: 'current', next: 'next', confirm: 'confirm' } as const;
type Field = (typeof FIELD)[keyof typeof FIELD];
type Problems = Partial<Record<Field | 'form', string>>;

/** The server's refusals, by the field they are about (the rest go above the button). */
const FIELD_OF_CODE: Record<string, Field> = { wrong_password: 'current', PASSWORD_TOO_COMMON: 'next', same_password: 'next' };

/**
 * Change the password (issue 32): the current one, the new one twice. The server checks it all
 * again (the length, the common-password list, the current one with the sign-in back-off); on
 * success every other device is signed out and a notice is mailed.
 */
export function PasswordCard() {
  const { t } = useTranslation('account-password');
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', confirm: '' });
  const [problems, setProblems] = useState<Problems>({});
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (input: ChangePasswordInput) => api<PasswordChanged>('/api/me/password', { method: 'POST', json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY }),
  });

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined, form: undefined }));
  };

  const showProblems = (found: Problems) => {
    flushSync(() => setProblems(found));
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const found: Problems = {};
    if (!values.current) found.current = t('errors.currentRequired');
    if (values.next.length < PASSWORD_MIN) found.next = t('errors.tooShort', { min: PASSWORD_MIN });
    else if (values.next.length > PASSWORD_MAX) found.next = t('errors.tooLong', { max: PASSWORD_MAX });
    if (values.confirm !== values.next) found.confirm = t('errors.mismatch');
    if (Object.keys(found).length > 0) return showProblems(found);
    setProblems({});
    change.mutate(
      { currentPassword: values.current, newPassword: values.next },
      {
        onSuccess: (answer) => {
          setValues({ current: '', next: '', confirm: '' });
          toast.success(t('changed.title'), { description: t('changed.description', { count: answer.signedOutSessions }) });
        },
        onError: (error) => {
          const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
          const message = error instanceof ApiError && error.status < 500 ? error.message : t('errors.failed');
          showProblems(field ? { [field]: message } : { form: message });
        },
      },
    );
  };

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    type: 'password' as const,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, e.target.value),
    problem: problems[field],
    maxLength: PASSWORD_MAX,
    required: true,
  });

  return (
    <Card>
      <IconCardHeader icon={LockKeyhole} title={t('title')} description={t('description')} />
      <CardContent>
        {/* method="post": a password never travels in an address (decision 035). */}
        <form ref={form} method="post" onSubmit={submit} className="space-y-4" aria-label={t('title')} noValidate>
          <LabelledInput {...fieldProps(FIELD.current)} label={t('fields.current')} name="current-password" autoComplete="current-password" />
          <LabelledInput
            {...fieldProps(FIELD.next)}
            label={t('fields.new')}
            hint={t('fields.hint', { min: PASSWORD_MIN })}
            name="new-password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN}
          />
          <LabelledInput {...fieldProps(FIELD.confirm)} label={t('fields.confirm')} name="confirm-password" autoComplete="new-password" />
          <FieldError id={`${id}-form-problem`}>{problems.form}</FieldError>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? t('submitting') : t('submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
