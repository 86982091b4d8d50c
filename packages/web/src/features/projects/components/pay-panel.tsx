import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney } from '@facet/domain/format';
import { Button, Spinner, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { usePaymentReturn } from '../../billing/api/payment-return';
import { paymentKeys, usePaymentQuote, useStartPayment } from '../api/payments';
import { projectKeys } from '../api/types';

const newKey = () => `pay-${crypto.randomUUID()}`;

/**
 * The customer's payment: the amount with its lines, a Pay button that opens the gateway's hosted page,
 * and, back from it, the outcome — confirmed (the project moves on by itself), declined (the gateway's
 * reason) or cancelled (nothing changed).
 */
export function PayPanel({
  kind,
  id,
  projectId,
  title,
}: {
  kind: 'project' | 'changes';
  id: string;
  projectId: string;
  title: string;
}) {
  const quote = usePaymentQuote(kind, id);
  const start = useStartPayment();
  const [params] = useSearchParams();
  // one key per attempt: a double click opens one checkout
  const key = useRef(newKey());
  const returned = params.get('payment');
  const cancelled = params.get('cancelled') === '1';
  const latest = quote.data?.latestPayment ?? null;
  // back from the hosted page: the gateway's event moves the project; look until it has
  const { confirming: awaiting } = usePaymentReturn(returned && !cancelled ? returned : null, [
    projectKeys.detail(projectId),
    kind === 'project' ? paymentKeys.project(id) : paymentKeys.changes(id),
  ]);
  const confirming = Boolean(returned && !cancelled && latest?.id === returned && awaiting);

  if (quote.isPending) return <Spinner label="Loading the payment" />;
  if (quote.isError) return <p role="alert">{errorMessage(quote.error)}</p>;
  const { amountCents, lines } = quote.data;

  const pay = () =>
    start.mutate(
      { kind, id, key: key.current },
      {
        onSuccess: ({ checkoutUrl }) => {
          key.current = newKey();
          window.location.assign(checkoutUrl);
        },
        onError: (error) =>
          toast({ title: 'Error!', description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <div className="pay-panel" aria-label={title}>
      <table className="pay-panel__lines">
        <tbody>
          {lines.map((line) => (
            <tr key={line.label}>
              <td>{line.label}</td>
              <td className="pay-panel__amount">{formatMoney(line.amountCents)}</td>
            </tr>
          ))}
          <tr className="pay-panel__total">
            <td>Total</td>
            <td className="pay-panel__amount">{formatMoney(amountCents)}</td>
          </tr>
        </tbody>
      </table>
      <p className="pay-panel__note">
        Facet holds your payment in escrow and releases it to the pro only when you approve the work.
      </p>
      {confirming ? (
        <p className="pay-panel__status" role="status">
          <Spinner label="" /> Confirming your payment…
        </p>
      ) : null}
      {cancelled && returned ? (
        <p className="pay-panel__status" role="status">
          Payment cancelled. Nothing was charged.
        </p>
      ) : null}
      {!confirming && latest?.status === 'failed' && latest.failureMessage ? (
        <p className="pay-panel__error" role="alert">
          Your last payment did not go through: {latest.failureMessage}
        </p>
      ) : null}
      <div className="project-callout__actions">
        <Button loading={start.isPending} disabled={confirming} onClick={pay}>
          Pay {formatMoney(amountCents)}
        </Button>
      </div>
    </div>
  );
}
