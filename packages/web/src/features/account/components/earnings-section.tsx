import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Button, Spinner } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useEarnings } from '../api/payments';
import { EarningsTotals, PayoutAccountStatus } from './earnings-parts';

/** Account settings' summary of a pro's earnings and payout account; every movement is on /earnings. */
export function EarningsSection() {
  const earnings = useEarnings();
  return (
    <section className="section-card" aria-labelledby="earnings-heading">
      <header className="section-card__header">
        <h2 id="earnings-heading">Earnings &amp; payouts</h2>
        <p>
          Customers pay Facet; your share ({earnings.data?.earnedPercentage ?? 80}% of each price) is held in
          escrow until they approve your work, then paid out to your payout account.
        </p>
      </header>
      {earnings.isPending ? <Spinner label="Loading your earnings" /> : null}
      {earnings.isError ? <p role="alert">{errorMessage(earnings.error)}</p> : null}
      {earnings.data ? <EarningsTotals earnings={earnings.data} /> : null}
      <PayoutAccountStatus />
      <div>
        <Button asChild variant="secondary" size="sm">
          <Link to="/earnings">
            See every payment and payout <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
