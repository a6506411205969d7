import { useTranslation } from 'react-i18next';
import { PASSKEY_NAME_MAX } from '../../../domain/accounts/passkeys';
import { LabelledInput } from '../../components/ui/form-controls';

/** A passkey's name, when one is added (with a hint and the focus) and when one is renamed. */
export function PasskeyNameField({
  id,
  value,
  onChange,
  problem,
  hint,
  autoFocus,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
  hint?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('passkeys');
  return (
    <LabelledInput
      id={id}
      label={t('add.name')}
      hint={hint}
      value={value}
      maxLength={PASSKEY_NAME_MAX}
      onChange={(e) => onChange(e.target.value)}
      problem={problem}
      autoComplete="off"
      autoFocus={autoFocus}
    />
  );
}
