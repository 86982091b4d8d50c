import type { ReactNode } from 'react';
import { formatMoney } from '@facet/domain/format';

/** Subtotal, shipping and total, as the server computed them. */
export function CartTotals({
  subtotalCents,
  shippingLabel,
  shippingCents,
  totalCents,
}: {
  subtotalCents: number;
  shippingLabel: ReactNode;
  shippingCents: number;
  totalCents: number;
}) {
  return (
    <dl className="cart-totals">
      <div>
        <dt>Subtotal</dt>
        <dd data-testid="subtotal">{formatMoney(subtotalCents)}</dd>
      </div>
      <div>
        <dt>{shippingLabel}</dt>
        <dd data-testid="shipping">{formatMoney(shippingCents)}</dd>
      </div>
      <div className="cart-totals__total">
        <dt>Total</dt>
        <dd data-testid="total">{formatMoney(totalCents)}</dd>
      </div>
    </dl>
  );
}
