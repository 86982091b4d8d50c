import { useState } from 'react';
import { Link } from 'react-router';
import { Wallet } from 'lucide-react';
import { formatDate, formatMoney } from '@facet/domain/format';
import { EmptyState, Spinner, Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useEarnings, type Earnings } from '../api/payments';
import { EarningsTotals, PayoutAccountStatus } from '../components/earnings-parts';
import './account-settings-page.css';

type Kind = Earnings['transactions'][number]['kind'];
type Filter = 'all' | Kind;

const KIND_WORDS: Record<Kind, string> = { held: 'In escrow', earning: 'Earned', payout: 'Paid out' };
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'held', label: 'In escrow' },
  { value: 'earning', label: 'Earned' },
  { value: 'payout', label: 'Paid out' },
];

function MovementsTable({
  rows,
  currency,
}: {
  rows: Earnings['transactions'];
  currency: Earnings['currency'];
}) {
  return (
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
        {rows.map((t) => (
          <tr key={`${t.kind}-${t.id}`}>
            <td>{formatDate(t.at)}</td>
            <td>{KIND_WORDS[t.kind]}</td>
            <td>
              {t.projectId ? <Link to={`/projects/${t.projectId}`}>{t.description}</Link> : t.description}
            </td>
            <td className="money-table__amount">{formatMoney(t.amountCents, { currency })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /earnings: a designer's or service provider's money — in escrow, available, paid out — and every movement with its project. */
export function EarningsPage() {
  const earnings = useEarnings();
  const [filter, setFilter] = useState<Filter>('all');
  const rows = earnings.data?.transactions.filter((t) => filter === 'all' || t.kind === filter) ?? [];
  return (
    <div className="page account-settings">
      <title>Earnings · Facet</title>
      <header className="page__header">
        <div>
          <p className="eyebrow">Money</p>
          <h1 className="page__title">Earnings</h1>
          <p className="page__lead">
            Customers pay Facet; your share ({earnings.data?.earnedPercentage ?? 80}% of each price) is held
            in escrow until they approve your work, then paid out to your payout account.
          </p>
        </div>
      </header>
      <div className="account-settings__sections">
        {earnings.isPending ? <Spinner label="Loading your earnings" /> : null}
        {earnings.isError ? <p role="alert">{errorMessage(earnings.error)}</p> : null}
        {earnings.data ? (
          <section className="section-card" aria-labelledby="balances-heading">
            <h2 id="balances-heading" className="visually-hidden">
              Balances
            </h2>
            <EarningsTotals earnings={earnings.data} />
            <PayoutAccountStatus />
          </section>
        ) : null}
        {earnings.data && earnings.data.transactions.length === 0 ? (
          <EmptyState
            icon={<Wallet />}
            title="No earnings yet"
            description="When a customer pays for a project you work on, your share shows here as held in escrow; it becomes available when they approve your work."
          />
        ) : null}
        {earnings.data && earnings.data.transactions.length > 0 ? (
          <section className="section-card" aria-labelledby="movements-heading">
            <header className="section-card__header">
              <h2 id="movements-heading">Payments and payouts</h2>
            </header>
            <Tabs value={filter} onValueChange={(v) => setFilter(v as Filter)}>
              <TabsList aria-label="Show">
                {FILTERS.map((f) => (
                  <TabsTrigger key={f.value} value={f.value}>
                    {f.label}
                  </TabsTrigger>
                ))}
              </TabsList>
              {FILTERS.map((f) => (
                <TabsContent key={f.value} value={f.value}>
                  {rows.length > 0 ? (
                    <MovementsTable rows={rows} currency={earnings.data.currency} />
                  ) : (
                    <p>Nothing here yet.</p>
                  )}
                </TabsContent>
              ))}
            </Tabs>
          </section>
        ) : null}
      </div>
    </div>
  );
}
