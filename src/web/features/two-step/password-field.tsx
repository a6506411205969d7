import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX } from '../../../domain/profiles/limits';
import { LabelledInput } from '../../components/ui/form-controls';

/**
 * The current password, asked before two-step sign-in changes: turning it on, ten new recovery
 * codes (the card's password step), turning it off (its dialog).
 */
export function PasswordField({ id, value, onChange, problem, autoFocus }: { id: string; value: string; onChange: (value: string) => void; problem: string | null; autoFocus?: boolean }) {
  const { t } = useTranslation('two-step');
  return (
    <LabelledInput
      id={id}
      label={t('password.label')}
      type="password"
      autoComplete="current-password"
      maxLength={PASSWORD_MAX}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      problem={problem}
      autoFocus={autoFocus}
    />
  );
}
