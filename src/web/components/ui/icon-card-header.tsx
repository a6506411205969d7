import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardDescription, CardHeader, CardTitle } from './card';
import { cn } from './class-names';

/** A card's header whose title starts with an icon (the cards of /security): `titleId` names the title for `aria-labelledby`. */
export function IconCardHeader({
  icon: Icon,
  iconClassName = 'text-navy-700',
  title,
  titleId,
  description,
}: {
  icon: LucideIcon;
  iconClassName?: string;
  title: ReactNode;
  titleId?: string;
  description: ReactNode;
}) {
  return (
    <CardHeader>
      <CardTitle id={titleId} className="flex items-center gap-2">
        <Icon className={cn('h-5 w-5', iconClassName)} aria-hidden="true" />
        {title}
      </CardTitle>
      <CardDescription>{description}</CardDescription>
    </CardHeader>
  );
}
