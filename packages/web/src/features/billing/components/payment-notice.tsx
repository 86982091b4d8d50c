import { formatMoney } from '@facet/domain/format';
import type { usePaymentReturn } from '../api/payment-return';

/** What became of the payment the customer came back with (pending, paid, failed or cancelled). */
export function PaymentNotice({
  payment,
  cancelled,
  paidText,
}: {
  payment: ReturnType<typeof usePaymentReturn>;
  cancelled: boolean;
  paidText: string;
}) {
  if (cancelled) {
    return (
      <p className="billing-note" role="status">
        Payment cancelled. Nothing was charged.
      </p>
    );
  }
  const p = payment.payment.data;
  if (!p) return null;
  if (p.status === 'succeeded') {
    return (
      <p className="billing-note billing-note--done" role="status">
        Payment of {formatMoney(p.amountCents, { currency: p.currency })} received. {paidText}
      </p>
    );
  }
  if (p.status === 'failed' && !payment.confirming) {
    return (
      <p className="billing-error" role="alert">
        The payment did not go through{p.failureMessage ? `: ${p.failureMessage}` : '.'} Nothing was charged.
      </p>
    );
  }
  if (p.status === 'refunded') {
    return (
      <p className="billing-note" role="status">
        This payment of {formatMoney(p.amountCents, { currency: p.currency })} was refunded.
      </p>
    );
  }
  return (
    <p className="billing-note" role="status">
      Thank you: your payment is being confirmed.
    </p>
  );
}
