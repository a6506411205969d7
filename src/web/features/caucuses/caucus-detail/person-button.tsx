import { useTranslation } from 'react-i18next';
import type { CaucusPerson } from '../../../../domain/caucuses/caucus-types';
import { Avatar } from '../../../components/ui/avatar';
import { usePersonName } from '../../../i18n/person-name';

/**
 * A member or organizer in a list: avatar, name and level; opens their profile card (a
 * dialog, as aria-haspopup says). The button is named by the text it shows, "{name} Level N"
 * (WCAG 2.5.3, Label in Name).
 */
export function PersonButton({ person, onShow }: { person: CaucusPerson; onShow: (p: CaucusPerson) => void }) {
  const { t } = useTranslation('caucus-detail');
  const personName = usePersonName();
  return (
    <button
      type="button"
      onClick={() => onShow(person)}
      aria-haspopup="dialog"
      className="flex min-w-0 items-center gap-2 rounded-lg p-1.5 text-left hover:bg-slate-100"
    >
      <Avatar name={person.name} photoUrl={person.photoUrl} decorative className="h-8 w-8 text-xs" />
      <span className="min-w-0">
        <span className="block text-sm font-medium break-words text-slate-900">{personName(person.name)}</span>
        <span className="block text-xs text-slate-600">{t('level', { level: person.level })}</span>
      </span>
    </button>
  );
}
