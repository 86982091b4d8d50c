import type { ComponentProps, HTMLAttributes, ReactNode } from 'react';
import clsx from 'clsx';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import './dialog.css';

export const Dialog = RadixDialog.Root;

export type DialogContentProps = ComponentProps<typeof RadixDialog.Content> & {
  size?: 'sm' | 'md' | 'lg';
  /** Hide the corner close button (Escape still closes). */
  hideClose?: boolean;
  children: ReactNode;
};

/** The dialog panel, portalled over a dimmed overlay; give it a DialogTitle (and ideally a DialogDescription). */
export function DialogContent({ size = 'md', hideClose, className, children, ...rest }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="dialog__overlay" />
      <RadixDialog.Content className={clsx('dialog', `dialog--${size}`, className)} {...rest}>
        {children}
        {hideClose ? null : (
          <RadixDialog.Close className="dialog__close" aria-label="Close">
            <X aria-hidden="true" />
          </RadixDialog.Close>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

export function DialogHeader({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={clsx('dialog__header', className)} {...rest} />;
}

export function DialogTitle({ className, ...rest }: ComponentProps<typeof RadixDialog.Title>) {
  return <RadixDialog.Title className={clsx('dialog__title', className)} {...rest} />;
}

export function DialogDescription({ className, ...rest }: ComponentProps<typeof RadixDialog.Description>) {
  return <RadixDialog.Description className={clsx('dialog__description', className)} {...rest} />;
}

export function DialogBody({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={clsx('dialog__body', className)} {...rest} />;
}

export function DialogFooter({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={clsx('dialog__footer', className)} {...rest} />;
}
