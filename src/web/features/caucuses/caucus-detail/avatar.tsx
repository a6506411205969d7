import { cn } from '../../../components/ui/class-names';

/** A person's photo, or their initials on a navy disc; decorative (the name is always written next to it). */
export function Avatar({ person, size = 'sm' }: { person: { name: string; photoUrl: string | null }; size?: 'sm' | 'lg' }) {
  const box = size === 'lg' ? 'h-16 w-16 text-xl' : 'h-8 w-8 text-xs';
  if (person.photoUrl) return <img src={person.photoUrl} alt="" className={cn('shrink-0 rounded-full object-cover', box)} />;
  const initials = person.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return (
    <span aria-hidden="true" className={cn('flex shrink-0 items-center justify-center rounded-full bg-navy-100 font-semibold text-navy-800', box)}>
      {initials || '?'}
    </span>
  );
}
