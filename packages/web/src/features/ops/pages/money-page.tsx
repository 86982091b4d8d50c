import { useState } from 'react';
import { formatDate, formatMoney, formatTime } from '@facet/domain/format';
import { Button, Card, Select, Skeleton, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import {
  useMoneyAlerts,
  usePayouts,
  useRetry,
  useStaffPayments,
  useTrialBalance,
  useWebhookFailures,
} from '../api/money';

const ACCOUNT_LABELS: Record<string, string> = {
  customer_funds: 'Customer funds',
  platform_escrow: 'Platform escrow',
  pro_payable: 'Owed to pros',
  pro_paid_out: 'Paid out to pros',
  platform_revenue: 'Platform revenue',
  processor_fees: 'Processor fees',
  refunds: 'Refunds',
};
const when = (iso: string | null) => (iso ? `${formatDate(iso)} ${formatTime(iso)}` : '—');
const label = (name: string) => {
  const [account, owner] = name.split(':');
  return `${ACCOUNT_LABELS[account!] ?? account}${owner ? ` (${owner.slice(0, 8)})` : ''}`;
};

function Loading({ what }: { what: string }) {
  return (
    <div aria-busy="true" aria-label={`Loading ${what}`}>
      <Skeleton height="6rem" />
    </div>
  );
}

function Failed({ error }: { error: unknown }) {
  return (
    <p className="ops-alert" role="alert">
      {errorMessage(error)}
    </p>
  );
}

function TrialBalanceSection() {
  const trial = useTrialBalance();
  return (
    <section className="ops-section" aria-labelledby="trial-title">
      <h2 id="trial-title">Trial balance</h2>
      {trial.isPending ? (
        <Loading what="the trial balance" />
      ) : trial.isError ? (
        <Failed error={trial.error} />
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table" data-testid="trial-balance">
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col" className="num">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {trial.data.accounts.map((a) => (
                <tr key={`${a.currency}:${a.name}`}>
                  <td>{label(a.name)}</td>
                  <td className="num">{formatMoney(a.balanceCents, { currency: a.currency })}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total (always zero)</th>
                <td className="num" data-testid="trial-total">
                  <strong>
                    {formatMoney(trial.data.totalCents, { currency: trial.data.accounts[0]?.currency })}
                  </strong>
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}

const PAYMENT_FILTERS = [
  { value: '', label: 'All payments' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
  { value: 'refunded', label: 'Refunds' },
];

function PaymentsSection() {
  const [status, setStatus] = useState('');
  const list = useStaffPayments((status || undefined) as 'succeeded' | undefined);
  return (
    <section className="ops-section" aria-labelledby="payments-title">
      <div className="ops-page__head">
        <h2 id="payments-title">Payments and refunds</h2>
        <Select
          aria-label="Show payments"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={PAYMENT_FILTERS}
        />
      </div>
      {list.isPending ? (
        <Loading what="payments" />
      ) : list.isError ? (
        <Failed error={list.error} />
      ) : list.data.length === 0 ? (
        <p className="ops-muted">No payments here.</p>
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Payer</th>
                <th scope="col">For</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((p) => (
                <tr key={p.id}>
                  <td>{when(p.status === 'refunded' ? p.refundedAt : p.createdAt)}</td>
                  <td>
                    {p.payerName}
                    <br />
                    <span className="ops-muted">{p.payerEmail}</span>
                  </td>
                  <td>{p.description}</td>
                  <td>
                    <span
                      className={`ops-badge ops-badge--${p.status === 'succeeded' ? 'ok' : p.status === 'failed' ? 'late' : 'gold'}`}
                    >
                      {p.status}
                    </span>
                    {p.failureMessage ? <div className="ops-muted">{p.failureMessage}</div> : null}
                  </td>
                  <td className="num">{formatMoney(p.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function useRetryToast() {
  const retry = useRetry();
  return {
    retry,
    run: (kind: 'payout' | 'webhook', id: string) =>
      retry.mutate(
        { kind, id },
        {
          onSuccess: (data) => {
            const failedAgain = 'payout' in data && data.payout.status === 'failed';
            toast(
              failedAgain
                ? { title: 'The payout failed again', variant: 'destructive' }
                : { title: kind === 'payout' ? 'Payout sent' : 'Webhook event applied' },
            );
          },
          onError: (e) => toast({ title: 'Error', description: errorMessage(e), variant: 'destructive' }),
        },
      ),
  };
}

function PayoutsSection() {
  const list = usePayouts();
  const { retry, run } = useRetryToast();
  return (
    <section className="ops-section" aria-labelledby="payouts-title">
      <h2 id="payouts-title">Payouts</h2>
      {list.isPending ? (
        <Loading what="payouts" />
      ) : list.isError ? (
        <Failed error={list.error} />
      ) : list.data.length === 0 ? (
        <p className="ops-muted">No payouts yet.</p>
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Pro account</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((p) => (
                <tr key={p.id}>
                  <td>{when(p.paidAt ?? p.createdAt)}</td>
                  <td>{p.accountId}</td>
                  <td>
                    <span
                      className={`ops-badge ops-badge--${p.status === 'paid' ? 'ok' : p.status === 'failed' ? 'late' : 'gold'}`}
                    >
                      {p.status}
                    </span>
                    {p.failureMessage ? <div className="ops-muted">{p.failureMessage}</div> : null}
                  </td>
                  <td className="num">{formatMoney(p.amountCents)}</td>
                  <td>
                    {p.status === 'failed' ? (
                      <Button
                        size="sm"
                        loading={retry.isPending && retry.variables?.id === p.id}
                        onClick={() => run('payout', p.id)}
                        aria-label={`Retry payout of ${formatMoney(p.amountCents)}`}
                      >
                        Retry
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function WebhooksSection() {
  const list = useWebhookFailures();
  const { retry, run } = useRetryToast();
  return (
    <section className="ops-section" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Failed webhook events</h2>
      {list.isPending ? (
        <Loading what="webhook events" />
      ) : list.isError ? (
        <Failed error={list.error} />
      ) : list.data.length === 0 ? (
        <p className="ops-muted">Every gateway event was applied.</p>
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <thead>
              <tr>
                <th scope="col">Last failed</th>
                <th scope="col">Event</th>
                <th scope="col">Error</th>
                <th scope="col" className="num">
                  Attempts
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((e) => (
                <tr key={e.id}>
                  <td>{when(e.lastFailedAt)}</td>
                  <td>
                    {e.type}
                    <div className="ops-muted">{e.id}</div>
                  </td>
                  <td>{e.error}</td>
                  <td className="num">{e.attempts}</td>
                  <td>
                    <Button
                      size="sm"
                      loading={retry.isPending && retry.variables?.id === e.id}
                      onClick={() => run('webhook', e.id)}
                      aria-label={`Retry event ${e.id}`}
                    >
                      Retry
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** /ops/money: alerts, the trial balance, payments and refunds, payouts and failed webhook events. */
export function OpsMoneyPage() {
  const alerts = useMoneyAlerts();
  return (
    <>
      <div className="ops-page__head">
        <div>
          <h1>Money</h1>
          <p>Every cent through the ledger: what came in, what is held, what went out.</p>
        </div>
      </div>
      <div className="ops-stats">
        <Card tone="outline" className="ops-stat">
          <span className="ops-muted">Failed payouts</span>
          <strong>{alerts.data ? alerts.data.failedPayouts : '…'}</strong>
        </Card>
        <Card tone="outline" className="ops-stat">
          <span className="ops-muted">Webhook events to retry</span>
          <strong>{alerts.data ? alerts.data.failedWebhooks : '…'}</strong>
        </Card>
      </div>
      <TrialBalanceSection />
      <PayoutsSection />
      <WebhooksSection />
      <PaymentsSection />
    </>
  );
}
