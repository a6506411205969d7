import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { buttonClassName, type ButtonSize, type ButtonVariant } from './button-styles';

/**
 * A link that looks like a button, without Radix's Slot (`<Button asChild>`): for pages that
 * should not wait for the UI kit's chunk, like the landing page a newcomer opens first.
 */
export function ButtonLink({ variant, size, className, ...props }: ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <Link className={buttonClassName({ variant, size, className: typeof className === 'string' ? className : undefined })} {...props} />;
}
