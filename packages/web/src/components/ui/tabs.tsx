import type { ComponentProps } from 'react';
import clsx from 'clsx';
import { Tabs as RadixTabs } from 'radix-ui';
import './tabs.css';

export function Tabs({ className, ...rest }: ComponentProps<typeof RadixTabs.Root>) {
  return <RadixTabs.Root className={clsx('tabs', className)} {...rest} />;
}

export function TabsList({ className, ...rest }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={clsx('tabs__list', className)} {...rest} />;
}

export function TabsTrigger({ className, ...rest }: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger className={clsx('tabs__trigger', className)} {...rest} />;
}

export function TabsContent({ className, ...rest }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={clsx('tabs__content', className)} {...rest} />;
}
