import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, HTMLAttributes, ReactNode } from 'react';
import { cn } from './class-names';

/** A card; takes a `ref` like a div (React 19 passes it as a prop). */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('rounded-2xl border border-slate-200 bg-white shadow-sm', className)} {...props} />;
}
export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1 p-5 pb-3', className)} {...props} />;
}
export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn('text-lg font-semibold text-slate-900', className)} {...props} />;
}
export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-sm text-slate-600', className)} {...props} />;
}
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
export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('p-5 pt-0', className)} {...props} />;
}
export function CardFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex items-center gap-2 p-5 pt-0', className)} {...props} />;
}
