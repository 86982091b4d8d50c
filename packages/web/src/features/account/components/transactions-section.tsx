import { Link } from 'react-router';
import { formatDate, formatMoney } from '@facet/domain/format';
import { Spinner } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import { useTransactions } from '../api/payments';

const statusWords = {
  pending: 'Pending',
  succeeded: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
} as const;

/** A customer's payments, each with its project and receipt. */
export function TransactionsSection() {
  const transactions = useTransactions();
  return (
    <section className="section-card" aria-labelledby="transactions-heading">
      <header className="section-card__header">
        <h2 id="transactions-heading">Transactions</h2>
        <p>Your payments for projects and changes, with printable receipts.</p>
      </header>
      {transactions.isPending ? <Spinner label="Loading your transactions" /> : null}
      {transactions.isError ? <p role="alert">{errorMessage(transactions.error)}</p> : null}
      {transactions.data && transactions.data.transactions.length === 0 ? <p>No payments yet.</p> : null}
      {transactions.data && transactions.data.transactions.length > 0 ? (
        <table className="money-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">For</th>
              <th scope="col">Status</th>
              <th scope="col" className="money-table__amount">
                Amount
              </th>
              <th scope="col">Receipt</th>
            </tr>
          </thead>
          <tbody>
            {transactions.data.transactions.map((t) => (
              <tr key={t.id}>
                <td>{formatDate(t.succeededAt ?? t.createdAt)}</td>
                <td>
                  {t.projectId ? <Link to={`/projects/${t.projectId}`}>{t.description}</Link> : t.description}
                </td>
                <td>
                  {statusWords[t.status]}
                  {t.status === 'failed' && t.failureMessage ? ` — ${t.failureMessage}` : ''}
                </td>
                <td className="money-table__amount">
                  {formatMoney(t.amountCents, { currency: t.currency })}
                </td>
                <td>
                  {t.receiptUrl ? (
                    <a href={t.receiptUrl} target="_blank" rel="noreferrer">
                      Receipt
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
