import type { ButtonHTMLAttributes, Ref } from 'react';
import clsx from 'clsx';
import { Slot } from 'radix-ui';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and marks it busy. */
  loading?: boolean;
  /** Render the single child (e.g. a router Link) with the button's look. */
  asChild?: boolean;
  fullWidth?: boolean;
  /** Square button holding only an icon; give it an aria-label. */
  iconOnly?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

export function buttonClassName({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  iconOnly = false,
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'fullWidth' | 'iconOnly' | 'className'> = {}) {
  return clsx(
    'btn',
    `btn--${variant}`,
    `btn--${size}`,
    fullWidth && 'btn--full',
    iconOnly && 'btn--icon',
    className,
  );
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  asChild = false,
  fullWidth = false,
  iconOnly = false,
  className,
  children,
  disabled,
  type,
  ref,
  ...rest
}: ButtonProps) {
  const classes = buttonClassName({ variant, size, fullWidth, iconOnly, className });
  if (asChild) {
    return (
      <Slot.Root ref={ref} className={classes} {...rest}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={clsx(classes, loading && 'btn--loading')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" label={null} className="btn__spinner" /> : null}
      {children}
    </button>
  );
}
