import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { buttonClassName, type ButtonSize, type ButtonVariant } from './button-styles';

/**
 * A link that looks like a button: the button's classes on React Router's Link, without Radix's
 * Slot (`<Button asChild>`), so a page that needs no more of the UI kit (the landing page a
 * newcomer opens first) does not wait for its chunk.
 */
export function LinkButton({ variant, size, className, ...props }: ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <Link className={buttonClassName({ variant, size, className: typeof className === 'string' ? className : undefined })} {...props} />;
}
