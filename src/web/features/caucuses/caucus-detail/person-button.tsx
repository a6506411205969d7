import type { CaucusPerson } from '../../../../domain/caucuses/caucus-types';
import { Avatar } from './avatar';

/** A member or organizer in a list: avatar, name and level; opens their profile card. */
export function PersonButton({ person, onShow }: { person: CaucusPerson; onShow: (p: CaucusPerson) => void }) {
  return (
    <button
      type="button"
      onClick={() => onShow(person)}
      className="flex min-w-0 items-center gap-2 rounded-lg p-1.5 text-left hover:bg-slate-100"
      aria-label={`${person.name}, Level ${person.level}: view profile`}
    >
      <Avatar person={person} />
      <span className="min-w-0">
        <span className="block text-sm font-medium break-words text-slate-900">{person.name}</span>
        <span className="block text-xs text-slate-600">Level {person.level}</span>
      </span>
    </button>
  );
}
