import type { HTMLAttributes, ReactNode } from 'react';
import clsx from 'clsx';
import './card.css';

type DivProps = HTMLAttributes<HTMLDivElement>;

export type CardProps = DivProps & {
  /** 'raised' lifts the card with a shadow; 'outline' is flat with a hairline; 'accent' adds a gold rule. */
  tone?: 'raised' | 'outline' | 'accent';
  /** Render as another landmark-neutral element, e.g. 'article' or 'section'. */
  as?: 'div' | 'article' | 'section' | 'li';
  interactive?: boolean;
};

export function Card({ tone = 'raised', as: Tag = 'div', interactive, className, ...rest }: CardProps) {
  return (
    <Tag
      className={clsx('card', `card--${tone}`, interactive && 'card--interactive', className)}
      {...(rest as HTMLAttributes<HTMLElement>)}
    />
  );
}

export function CardHeader({ className, ...rest }: DivProps) {
  return <div className={clsx('card__header', className)} {...rest} />;
}

export function CardTitle({
  as: Tag = 'h3',
  className,
  ...rest
}: HTMLAttributes<HTMLHeadingElement> & { as?: 'h2' | 'h3' | 'h4' }) {
  return <Tag className={clsx('card__title', className)} {...rest} />;
}

export function CardDescription({ className, ...rest }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={clsx('card__description', className)} {...rest} />;
}

export function CardContent({ className, ...rest }: DivProps) {
  return <div className={clsx('card__content', className)} {...rest} />;
}

export function CardFooter({ className, children, ...rest }: DivProps & { children?: ReactNode }) {
  return (
    <div className={clsx('card__footer', className)} {...rest}>
      {children}
    </div>
  );
}
