import { formatMoney } from '@facet/domain/format';
import { Button, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useConnectPayoutAccount, usePayoutAccount, type Earnings } from '../api/payments';

/** A pro's three balances: held in escrow, available to pay out, paid out. */
export function EarningsTotals({ earnings }: { earnings: Earnings }) {
  return (
    <dl className="account-plan">
      <div className="account-plan__item">
        <dt>In escrow</dt>
        <dd>{formatMoney(earnings.inEscrowCents, { currency: earnings.currency })}</dd>
      </div>
      <div className="account-plan__item">
        <dt>Available</dt>
        <dd>{formatMoney(earnings.availableCents, { currency: earnings.currency })}</dd>
      </div>
      <div className="account-plan__item">
        <dt>Paid out</dt>
        <dd>{formatMoney(earnings.paidOutCents, { currency: earnings.currency })}</dd>
      </div>
    </dl>
  );
}

/** The payout account as the gateway reports it now, with the way to connect or finish it. */
export function PayoutAccountStatus() {
  const account = usePayoutAccount();
  const connect = useConnectPayoutAccount();
  const status = account.data?.status;
  if (account.isPending) return <p className="money-payout">Checking your payout account…</p>;
  if (status === 'active') {
    return (
      <div className="money-payout">
        <p>Your payout account is connected; payouts go out automatically.</p>
      </div>
    );
  }
  return (
    <div className="money-payout">
      <p>
        {account.isError
          ? errorMessage(account.error)
          : status === 'pending'
            ? 'Your payout account is not finished yet.'
            : 'Connect a payout account to receive your earnings.'}
      </p>
      <Button
        loading={connect.isPending}
        onClick={() =>
          connect.mutate(undefined, {
            onError: (e) => toast({ title: 'Error!', description: errorMessage(e), variant: 'destructive' }),
          })
        }
      >
        {status === 'pending' ? 'Finish payout setup' : 'Connect payout account'}
      </Button>
    </div>
  );
}
