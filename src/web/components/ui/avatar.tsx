import { useTranslation } from 'react-i18next';
import { cn } from './class-names';

/** Up to two initials of a display name ("Ada Lovelace" -> "AL"). */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts;
  return letters.map((p) => Array.from(p)[0]!.toUpperCase()).join('') || '?';
}

/**
 * A person's photo, or their initials on a navy disc. Named ("Profile photo of …", "Initials of
 * …") where it stands alone; `decorative` where the name is written next to it (lists, buttons).
 */
export function Avatar({
  name,
  photoUrl,
  className = 'h-32 w-32 text-4xl',
  decorative = false,
  lazy = false,
}: {
  name: string;
  photoUrl: string | null;
  className?: string;
  decorative?: boolean;
  lazy?: boolean;
}) {
  const { t } = useTranslation();
  if (photoUrl) {
    return (
      <img
        src={photoUrl}
        alt={decorative ? '' : t('photoOf', { name })}
        loading={lazy ? 'lazy' : undefined}
        className={cn('shrink-0 rounded-full object-cover', !decorative && 'border border-slate-200', className)}
      />
    );
  }
  // A <span>: an avatar may sit inside a button, which takes only phrasing content.
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-hidden={decorative || undefined}
      aria-label={decorative ? undefined : t('initialsOf', { name })}
      className={cn('flex shrink-0 items-center justify-center rounded-full bg-navy-100 font-semibold text-navy-800 select-none', className)}
    >
      {initialsOf(name)}
    </span>
  );
}
