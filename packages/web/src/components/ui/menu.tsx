import type { ComponentProps } from 'react';
import clsx from 'clsx';
import { DropdownMenu } from 'radix-ui';
import './menu.css';

export const Menu = DropdownMenu.Root;
export const MenuTrigger = DropdownMenu.Trigger;
export const MenuGroup = DropdownMenu.Group;

export function MenuContent({
  className,
  sideOffset = 8,
  align = 'end',
  ...rest
}: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        className={clsx('menu', className)}
        sideOffset={sideOffset}
        align={align}
        collisionPadding={12}
        {...rest}
      />
    </DropdownMenu.Portal>
  );
}

export function MenuItem({
  className,
  tone = 'default',
  ...rest
}: ComponentProps<typeof DropdownMenu.Item> & { tone?: 'default' | 'danger' }) {
  return <DropdownMenu.Item className={clsx('menu__item', `menu__item--${tone}`, className)} {...rest} />;
}

export function MenuLabel({ className, ...rest }: ComponentProps<typeof DropdownMenu.Label>) {
  return <DropdownMenu.Label className={clsx('menu__label', className)} {...rest} />;
}

export function MenuSeparator({ className, ...rest }: ComponentProps<typeof DropdownMenu.Separator>) {
  return <DropdownMenu.Separator className={clsx('menu__separator', className)} {...rest} />;
}
