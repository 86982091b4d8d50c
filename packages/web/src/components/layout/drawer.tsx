import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import './drawer.css';

export type DrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible title of the panel, e.g. 'Menu'. */
  title: string;
  side?: 'left' | 'right';
  children: ReactNode;
};

/** A side sheet for phone-width navigation: focus-trapped, Escape and overlay click close it. */
export function Drawer({ open, onOpenChange, title, side = 'left', children }: DrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer__overlay" />
        <Dialog.Content className={`drawer drawer--${side}`} aria-describedby={undefined}>
          <div className="drawer__top">
            <Dialog.Title className="drawer__title">{title}</Dialog.Title>
            <Dialog.Close className="drawer__close" aria-label="Close menu">
              <X aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="drawer__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
