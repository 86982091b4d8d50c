import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '@facet/domain/format';
import { monthLabel, monthOverMonthText } from '@facet/domain/metrics';
import type { Me } from '../../../lib/types';
import { Skeleton } from '../../../components/ui';
import { useDashboardSeries, useDashboardSummary, type DashboardSummary } from '../api/get-dashboard';
import { ChartCard } from './chart-card';
import { CountsChart, MoneyChart, OffersChart, RatingChart } from './lazy-charts';

type Summary<R extends DashboardSummary['role']> = Extract<DashboardSummary, { role: R }>;

/** A headline number with its comparison to last month. */
function Compared({ cents, lastCents }: { cents: number; lastCents: number }) {
  return (
    <>
      <span className="chart-card__figure-value">{formatMoney(cents)}</span>
      <span className="chart-card__figure-note">
        {monthOverMonthText(cents, lastCents)} ({formatMoney(lastCents)})
      </span>
    </>
  );
}

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
      {note ? <dd className="dashboard-stats__note">{note}</dd> : null}
    </div>
  );
}

function FiguresLoading({ count }: { count: number }) {
  return (
    <div className="dashboard-stats" aria-busy="true">
      <span className="visually-hidden">Loading your figures…</span>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height="5.5rem" radius="lg" />
      ))}
    </div>
  );
}

/** Money per month with this month against last. */
function MoneyCard({
  metric,
  title,
  description,
  name,
  emptyText,
}: {
  metric: 'spend' | 'earnings' | 'revenue';
  title: string;
  description: string;
  name: string;
  emptyText: string;
}) {
  const series = useDashboardSeries(metric);
  const months = series.data?.months ?? [];
  const current = months.at(-1)?.cents ?? 0;
  const last = months.at(-2)?.cents ?? 0;
  return (
    <ChartCard
      title={title}
      description={description}
      figure={<Compared cents={current} lastCents={last} />}
      loading={series.isPending}
      error={series.isError}
      empty={months.every((m) => m.cents === 0) ? emptyText : null}
      table={{
        caption: `${title}, by month`,
        columns: ['Month', name],
        rows: months.map((m) => ({ key: m.month, cells: [monthLabel(m.month), formatMoney(m.cents)] })),
      }}
    >
      <MoneyChart months={months} name={name} />
    </ChartCard>
  );
}

function OffersCard() {
  const series = useDashboardSeries('offers');
  const months = series.data?.months ?? [];
  return (
    <ChartCard
      title="Offers sent and won"
      description="Offers you sent in each month, and the ones customers accepted."
      loading={series.isPending}
      error={series.isError}
      empty={months.every((m) => m.sent === 0 && m.won === 0) ? 'No offers in these six months yet.' : null}
      table={{
        caption: 'Offers sent and won, by month',
        columns: ['Month', 'Sent', 'Won'],
        rows: months.map((m) => ({ key: m.month, cells: [monthLabel(m.month), m.sent, m.won] })),
      }}
    >
      <OffersChart months={months} />
    </ChartCard>
  );
}

const stars = (v: number | null) => (v === null ? '–' : v.toFixed(1));

function RatingCard() {
  const series = useDashboardSeries('rating');
  const months = series.data?.months ?? [];
  return (
    <ChartCard
      title="Rating over time"
      description="Your overall rating at the end of each month, and that month's own ratings."
      loading={series.isPending}
      error={series.isError}
      empty={
        months.every((m) => m.overall === null) ? 'No ratings yet: they come with completed projects.' : null
      }
      table={{
        caption: 'Rating over time, by month',
        columns: ['Month', 'Overall', 'That month', 'Ratings'],
        rows: months.map((m) => ({
          key: m.month,
          cells: [monthLabel(m.month), stars(m.overall), stars(m.average), m.count],
        })),
      }}
    >
      <RatingChart months={months} />
    </ChartCard>
  );
}

function CountsCard({
  title,
  description,
  name,
  rows,
  loading,
  error,
  emptyText,
}: {
  title: string;
  description: string;
  name: string;
  rows: { label: string; count: number }[];
  loading: boolean;
  error: boolean;
  emptyText: string;
}) {
  return (
    <ChartCard
      title={title}
      description={description}
      loading={loading}
      error={error}
      empty={rows.every((r) => r.count === 0) ? emptyText : null}
      table={{
        caption: title,
        columns: [name === 'Projects' ? 'Status' : 'Stage', name],
        rows: rows.map((r) => ({ key: r.label, cells: [r.label, r.count] })),
      }}
    >
      <CountsChart rows={rows} name={name} />
    </ChartCard>
  );
}

function CustomerFigures({ data }: { data: Summary<'customer'> | undefined }) {
  const late = data?.ordersInProduction.filter((o) => o.late).length ?? 0;
  return (
    <>
      {data ? (
        <dl className="dashboard-stats" aria-label="This month">
          <Figure
            label="Spent this month"
            value={formatMoney(data.spend.thisMonthCents)}
            note={monthOverMonthText(data.spend.thisMonthCents, data.spend.lastMonthCents)}
          />
          <Figure
            label="In production"
            value={data.ordersInProduction.length}
            note={late > 0 ? `${late} running late` : 'All on track'}
          />
        </dl>
      ) : null}
    </>
  );
}

function OrdersInProduction({ data }: { data: Summary<'customer'> }) {
  return (
    <section aria-labelledby="orders-in-production" className="chart-card">
      <div className="chart-card__head">
        <h3 id="orders-in-production" className="chart-card__title">
          Orders in production
        </h3>
        <Link to="/orders" className="dashboard-block__more">
          All orders
        </Link>
      </div>
      {data.ordersInProduction.length === 0 ? (
        <p className="chart-card__message">Nothing in the workshop right now.</p>
      ) : (
        <ul className="production-list">
          {data.ordersInProduction.map((o) => (
            <li key={o.id}>
              <Link to={`/order-details/${o.id}`} className="production-list__title">
                {o.title}
              </Link>
              <span className="production-list__meta">
                #{o.number} · {o.stageName ?? '–'}
                {o.promisedDate ? ` · promised ${formatDate(o.promisedDate)}` : ''}
              </span>
              <span className={o.late ? 'lateness lateness--late' : 'lateness'}>{o.lateness ?? '–'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What each role's dashboard shows above the projects: its figures and charts. */
export function DashboardFigures({ user }: { user: Me }) {
  const summary = useDashboardSummary();
  const data = summary.data;
  const loading = summary.isPending;
  const error = summary.isError;
  const failed = error ? (
    <p className="chart-card__message" role="alert">
      Your figures could not be loaded. Please try again later.
    </p>
  ) : null;

  if (user.role === 'customer') {
    const c = data?.role === 'customer' ? data : undefined;
    return (
      <section aria-labelledby="your-figures" className="dashboard-block">
        <h2 id="your-figures" className="dashboard-section-title">
          Your figures
        </h2>
        {loading ? <FiguresLoading count={2} /> : <CustomerFigures data={c} />}
        {failed}
        <div className="chart-grid">
          <MoneyCard
            metric="spend"
            title="Spend"
            name="Spent"
            description="What you paid each month: projects, orders, plans and credits (refunds left out)."
            emptyText="Nothing paid in these six months yet."
          />
          <CountsCard
            title="Projects by status"
            description="Where each of your projects stands."
            name="Projects"
            rows={(c?.projectsByStatus ?? []).map((p) => ({ label: p.status, count: p.count }))}
            loading={loading}
            error={error}
            emptyText="No projects yet."
          />
          {c ? <OrdersInProduction data={c} /> : null}
        </div>
      </section>
    );
  }

  if (user.role === 'staff') {
    const s = data?.role === 'staff' ? data : undefined;
    return (
      <section aria-labelledby="your-figures" className="dashboard-block">
        <h2 id="your-figures" className="dashboard-section-title">
          The business this month
        </h2>
        {loading ? (
          <FiguresLoading count={4} />
        ) : s ? (
          <dl className="dashboard-stats" aria-label="This month">
            <Figure
              label="Revenue this month"
              value={formatMoney(s.revenue.thisMonthCents)}
              note={monthOverMonthText(s.revenue.thisMonthCents, s.revenue.lastMonthCents)}
            />
            <Figure label="Late orders" value={s.lateOrders} note={`of ${s.activeOrders} in production`} />
            <Figure label="Pros waiting" value={s.prosWaiting} note="for review" />
            <Figure
              label="Payments to check"
              value={s.paymentsNeedingAttention}
              note={`${s.failedPayouts} failed payout(s), ${s.failedPayments} failed payment(s) in 30 days`}
            />
          </dl>
        ) : (
          failed
        )}
        <div className="chart-grid">
          <MoneyCard
            metric="revenue"
            title="Revenue"
            name="Revenue"
            description="Pieces of paid orders at their shop price, or their price plus 25% when they have none."
            emptyText="No paid orders in these six months yet."
          />
          <CountsCard
            title="Orders per stage"
            description="Items of paid orders at each production stage (delivered ones included)."
            name="Items"
            rows={(s?.ordersPerStage ?? []).map((p) => ({ label: p.name, count: p.count }))}
            loading={loading}
            error={error}
            emptyText="No paid orders yet."
          />
        </div>
      </section>
    );
  }

  const p = data && data.role !== 'customer' && data.role !== 'staff' ? data : undefined;
  return (
    <section aria-labelledby="your-figures" className="dashboard-block">
      <h2 id="your-figures" className="dashboard-section-title">
        Your figures
      </h2>
      {loading ? (
        <FiguresLoading count={4} />
      ) : p ? (
        <dl className="dashboard-stats" aria-label="This month">
          <Figure
            label="Earned this month"
            value={formatMoney(p.earnings.thisMonthCents)}
            note={monthOverMonthText(p.earnings.thisMonthCents, p.earnings.lastMonthCents)}
          />
          <Figure
            label="Offers this month"
            value={`${p.offersThisMonth.won} / ${p.offersThisMonth.sent}`}
            note="won / sent"
          />
          <Figure label="Response rate" value={p.responseRateText} note={p.responseTime} />
          <Figure
            label="Rating"
            value={p.rating === null ? '–' : p.rating.toFixed(1)}
            note={p.ratingCount === 0 ? 'Not yet rated' : `${p.ratingCount} rating(s)`}
          />
        </dl>
      ) : (
        failed
      )}
      <div className="chart-grid">
        <MoneyCard
          metric="earnings"
          title="Earnings"
          name="Earned"
          description="Your share of what customers paid for your work, by the month they paid."
          emptyText="No earnings in these six months yet."
        />
        <OffersCard />
        <RatingCard />
      </div>
    </section>
  );
}
