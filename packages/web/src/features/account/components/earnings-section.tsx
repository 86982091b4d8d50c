import { Link } from 'react-router';
import { formatDate, formatMoney } from '@facet/domain/format';
import { Button, Spinner, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useConnectPayoutAccount, useEarnings, usePayoutAccount } from '../api/payments';

/** A pro's earnings: held in escrow, available, paid out, each movement with its project; the payout account. */
export function EarningsSection() {
  const earnings = useEarnings();
  const account = usePayoutAccount();
  const connect = useConnectPayoutAccount();
  const status = account.data?.status;
  return (
    <section className="account-section" aria-labelledby="earnings-heading">
      <header className="account-section__header">
        <h2 id="earnings-heading">Earnings &amp; payouts</h2>
        <p>
          Customers pay Facet; your share ({earnings.data?.earnedPercentage ?? 80}% of each price) is held in
          escrow until they approve your work, then paid out to your payout account.
        </p>
      </header>
      {earnings.isPending ? <Spinner label="Loading your earnings" /> : null}
      {earnings.isError ? <p role="alert">{errorMessage(earnings.error)}</p> : null}
      {earnings.data ? (
        <dl className="account-plan">
          <div className="account-plan__item">
            <dt>In escrow</dt>
            <dd>{formatMoney(earnings.data.inEscrowCents)}</dd>
          </div>
          <div className="account-plan__item">
            <dt>Available</dt>
            <dd>{formatMoney(earnings.data.availableCents)}</dd>
          </div>
          <div className="account-plan__item">
            <dt>Paid out</dt>
            <dd>{formatMoney(earnings.data.paidOutCents)}</dd>
          </div>
        </dl>
      ) : null}
      <div className="money-payout">
        {status === 'active' ? (
          <p>Your payout account is connected; payouts go out automatically.</p>
        ) : (
          <>
            <p>
              {status === 'pending'
                ? 'Your payout account is not finished yet.'
                : 'Connect a payout account to receive your earnings.'}
            </p>
            <Button
              loading={connect.isPending}
              onClick={() =>
                connect.mutate(undefined, {
                  onError: (e) =>
                    toast({ title: 'Error!', description: errorMessage(e), variant: 'destructive' }),
                })
              }
            >
              {status === 'pending' ? 'Finish payout setup' : 'Connect payout account'}
            </Button>
          </>
        )}
      </div>
      {earnings.data && earnings.data.transactions.length > 0 ? (
        <table className="money-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col">Project</th>
              <th scope="col" className="money-table__amount">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {earnings.data.transactions.map((t) => (
              <tr key={t.id}>
                <td>{formatDate(t.at)}</td>
                <td>{t.kind === 'payout' ? 'Paid out' : 'Earned'}</td>
                <td>
                  {t.projectId ? <Link to={`/projects/${t.projectId}`}>{t.description}</Link> : t.description}
                </td>
                <td className="money-table__amount">{formatMoney(t.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
