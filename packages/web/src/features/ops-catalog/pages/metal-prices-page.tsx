import { useState, type FormEvent, type PointerEvent } from 'react';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { curveStepAfter } from '@visx/curve';
import { localPoint } from '@visx/event';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleLinear, scaleUtc } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { formatDate, formatMoney, formatTime } from '@facet/domain/format';
import { METALS, metalNames, type Metal } from '@facet/domain/pricing';
import { CHART, ChartFrame, TooltipText, quietAxis, useChart } from '../../../components/charts';
import { Button, Card, EmptyState, Field, Input, Select, Skeleton, toast } from '../../../components/ui';
import { errorMessage, isApiError } from '../../../lib/api-client';
import {
  useMetalHistory,
  useMetalPrices,
  useRecordSpotPrice,
  useRefreshFeed,
  type MetalPriceHistory,
  type MetalPrices,
} from '../api/ops-catalog';
import '../components/ops-catalog.css';

const RANGES = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
] as const;

const ozt = (cents: number) => `${formatMoney(cents)}/ozt`;
const when = (iso: string) => `${formatDate(iso)}, ${formatTime(iso, { timeZone: 'UTC' })} UTC`;
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Dollars typed by staff ("30", "$2,650.12") as whole cents; null when it is not a price. */
export function dollarsToCentsInput(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const cents = Math.round(Number(cleaned) * 100);
  return cents > 0 ? cents : null;
}

function EnterPrice({ metals }: { metals: MetalPrices['metals'] }) {
  const [metal, setMetal] = useState<Metal>('silver');
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const record = useRecordSpotPrice();
  const current = metals.find((m) => m.metal === metal)?.current;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = dollarsToCentsInput(price);
    if (cents === null) {
      setError('Enter the price in dollars per troy ounce, like 30.00.');
      return;
    }
    setError(null);
    record.mutate(
      { metal, priceCents: cents },
      {
        onSuccess: () => {
          setPrice('');
          toast({
            title: `${metalNames[metal]} spot ${ozt(cents)}`,
            description: 'New quotes use it now; locked quotes keep theirs.',
          });
        },
        onError: (e) => setError(isApiError(e) ? e.message : errorMessage(e)),
      },
    );
  };

  return (
    <Card tone="outline" className="ops-card">
      <form className="ops-enter" onSubmit={submit} noValidate aria-labelledby="enter-title">
        <h2 id="enter-title" className="ops-section-title">
          Enter today&apos;s spot price
        </h2>
        <Field label="Metal">
          <Select
            value={metal}
            onChange={(e) => setMetal(e.target.value as Metal)}
            options={METALS.map((m) => ({ value: m, label: metalNames[m] }))}
          />
        </Field>
        <Field
          label="Spot price (dollars per troy ounce of fine metal)"
          hint={current ? `Now ${ozt(current.priceCents)}, since ${when(current.asOf)}` : 'No price yet'}
          error={error ?? undefined}
        >
          <Input
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            inputMode="decimal"
            startAdornment="$"
            placeholder="30.00"
          />
        </Field>
        <Button type="submit" loading={record.isPending}>
          Save the price
        </Button>
      </form>
    </Card>
  );
}

function FeedBanner({ feed }: { feed: MetalPrices['feed'] }) {
  const refresh = useRefreshFeed();
  if (feed.mode === 'staff') {
    return (
      <p className="ops-note">
        Prices are entered by staff: no price feed is configured. Enter each metal&apos;s spot price every
        business day.
      </p>
    );
  }
  return (
    <div className={feed.state === 'down' ? 'ops-banner ops-banner--down' : 'ops-banner'} role="status">
      {feed.state === 'down' ? <AlertTriangle aria-hidden="true" /> : null}
      <p>
        {feed.state === 'down'
          ? `The price feed is down: ${(feed.lastError ?? 'no recent price').replace(/\.$/, '')}. The last known prices stay in use.`
          : 'Prices are read from the feed every hour.'}
        {feed.lastSuccessAt ? ` Last read ${when(feed.lastSuccessAt)}.` : ''}
      </p>
      <Button
        size="sm"
        variant="secondary"
        loading={refresh.isPending}
        onClick={() =>
          refresh.mutate(undefined, {
            onError: (e) =>
              toast({ title: 'Feed not read', description: errorMessage(e), variant: 'destructive' }),
          })
        }
      >
        <RefreshCw aria-hidden="true" /> Read the feed now
      </Button>
    </div>
  );
}

type SpotPoint = { at: number; cents: number };

/** The spot price over the chosen days as steps (a price holds until the next one), with its points. */
function HistoryChart({ data }: { data: MetalPriceHistory }) {
  const points: SpotPoint[] = data.points.map((p) => ({ at: Date.parse(p.asOf), cents: p.priceCents }));
  const chart = useChart<SpotPoint>();
  const height = 260;
  const margin = { top: 12, right: 16, bottom: 28, left: 76 };
  const innerWidth = Math.max(0, chart.width - margin.left - margin.right);
  const innerHeight = height - margin.top - margin.bottom;
  const times = points.map((p) => p.at);
  const cents = points.map((p) => p.cents);
  const x = scaleUtc<number>({
    domain: [new Date(Math.min(...times)), new Date(Math.max(...times))],
    range: [0, innerWidth],
  });
  const y = scaleLinear<number>({
    domain: [Math.min(...cents), Math.max(...cents)],
    range: [innerHeight, 0],
    nice: 4,
  });
  // a single price, or one price all along, still gets a band around it
  if (y.domain()[0] === y.domain()[1]) y.domain([cents[0]! * 0.95, cents[0]! * 1.05]).nice(4);
  // one label per day, however short the range
  const dayTicks = x
    .ticks(chart.width < 480 ? 3 : 6)
    .filter((t, i, all) => i === 0 || dayFormat.format(t) !== dayFormat.format(all[i - 1]!));
  const nearest = (event: PointerEvent<SVGRectElement>) => {
    const at = localPoint(event);
    if (!at || points.length === 0) return;
    const time = x.invert(at.x - margin.left).getTime();
    const point = points.reduce((best, p) => (Math.abs(p.at - time) < Math.abs(best.at - time) ? p : best));
    chart.tooltip.showTooltip({
      tooltipData: point,
      tooltipLeft: margin.left + x(point.at),
      tooltipTop: margin.top + y(point.cents),
    });
  };
  return (
    <div
      className="ops-chart"
      role="img"
      aria-label={`${metalNames[data.metal]} spot price over ${data.days} days`}
    >
      <ChartFrame
        chart={chart}
        height={height}
        renderTooltip={(p) => (
          <TooltipText title={when(new Date(p.at).toISOString())} lines={[`Spot: ${ozt(p.cents)}`]} />
        )}
      >
        <Group left={margin.left} top={margin.top}>
          <GridRows scale={y} width={innerWidth} numTicks={4} stroke={CHART.line} strokeDasharray="3 3" />
          <LinePath
            data={points}
            x={(p) => x(p.at)}
            y={(p) => y(p.cents)}
            curve={curveStepAfter}
            className="chart__line"
            stroke={CHART.goldDeep}
            strokeWidth={2}
          />
          {points.map((p, i) => (
            <circle key={`${p.at}-${i}`} cx={x(p.at)} cy={y(p.cents)} r={3} fill={CHART.goldDeep} />
          ))}
          <AxisLeft
            scale={y}
            numTicks={4}
            tickFormat={(v) => formatMoney(Number(v), { fraction: 'when-needed' })}
            hideAxisLine
            {...quietAxis}
          />
          <AxisBottom
            scale={x}
            top={innerHeight}
            tickValues={dayTicks}
            tickFormat={(t) => dayFormat.format(t instanceof Date ? t : new Date(Number(t)))}
            {...quietAxis}
          />
          <rect
            className="chart__overlay"
            width={innerWidth}
            height={innerHeight}
            fill="transparent"
            onPointerMove={nearest}
            onPointerDown={nearest}
          />
        </Group>
      </ChartFrame>
    </div>
  );
}

function HistoryTable({ data }: { data: MetalPriceHistory }) {
  return (
    <div className="ops-table-wrap">
      <table className="ops-table" data-testid="spot-history-table">
        <caption className="visually-hidden">{metalNames[data.metal]} spot prices, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col" className="ops-num">
              Spot per ozt
            </th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {[...data.points].reverse().map((p) => (
            <tr key={p.id}>
              <th scope="row" data-label="When">
                <time dateTime={p.asOf}>{when(p.asOf)}</time>
              </th>
              <td className="ops-num" data-label="Spot per ozt">
                {formatMoney(p.priceCents)}
              </td>
              <td data-label="Source">{p.source === 'feed' ? 'Feed' : (p.enteredBy ?? 'Staff')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MetalHistory() {
  const [metal, setMetal] = useState<Metal>('silver');
  const [days, setDays] = useState(90);
  const [asTable, setAsTable] = useState(false);
  const history = useMetalHistory(metal, days);
  return (
    <Card tone="outline" className="ops-card">
      <section aria-labelledby="spot-history-title" className="ops-stack">
        <div className="ops-history-head">
          <h2 id="spot-history-title" className="ops-section-title">
            {metalNames[metal]} spot price history
          </h2>
          <div className="ops-history-controls">
            <Select
              aria-label="Metal"
              value={metal}
              onChange={(e) => setMetal(e.target.value as Metal)}
              options={METALS.map((m) => ({ value: m, label: metalNames[m] }))}
            />
            <Select
              aria-label="Period"
              value={String(days)}
              onChange={(e) => setDays(Number(e.target.value))}
              options={RANGES.map((r) => ({ value: String(r.days), label: r.label }))}
            />
            <Button size="sm" variant="ghost" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
              {asTable ? 'Show the chart' : 'Show as a table'}
            </Button>
          </div>
        </div>
        {history.isPending ? (
          <Skeleton height="16rem" aria-label="Loading the history" />
        ) : history.isError ? (
          <p className="ops-error" role="alert">
            {errorMessage(history.error)}
          </p>
        ) : history.data.points.length === 0 ? (
          <p className="ops-muted">
            No {metalNames[metal].toLowerCase()} price in the last {days} days.
          </p>
        ) : asTable ? (
          <HistoryTable data={history.data} />
        ) : (
          <HistoryChart data={history.data} />
        )}
      </section>
    </Card>
  );
}

/** `/ops/metal-prices`: today's spot price per metal, a new one entered, and the history as a chart or table. */
export function MetalPricesPage() {
  const prices = useMetalPrices();
  return (
    <div className="page ops-page">
      <title>Metal prices · Operations · Facet</title>
      <div className="page__header">
        <div>
          <p className="eyebrow">Operations</p>
          <h1 className="page__title">Metal prices</h1>
          <p className="page__lead">
            Gold, silver, platinum and palladium are priced from their spot price per troy ounce: alloy = spot
            × purity × (1 + margin). A quote records the spot price it used and keeps it while locked.
          </p>
        </div>
      </div>
      {prices.isPending ? (
        <div className="ops-metals" aria-label="Loading the metal prices">
          {METALS.map((m) => (
            <Skeleton key={m} height="8rem" radius="lg" />
          ))}
        </div>
      ) : prices.isError ? (
        <EmptyState
          title="The metal prices could not be loaded"
          description={errorMessage(prices.error)}
          action={<Button onClick={() => void prices.refetch()}>Try again</Button>}
        />
      ) : (
        <>
          <FeedBanner feed={prices.data.feed} />
          <ul className="ops-metals" aria-label="Today's spot prices">
            {prices.data.metals.map((m) => (
              <Card
                as="li"
                key={m.metal}
                tone="outline"
                className="ops-metal"
                data-testid={`metal-${m.metal}`}
              >
                <h2 className="ops-metal__name">{m.name}</h2>
                {m.current ? (
                  <>
                    <p className="ops-metal__price">{ozt(m.current.priceCents)}</p>
                    <p className="ops-muted">
                      {m.current.source === 'feed' ? 'From the feed' : 'Entered by staff'},{' '}
                      {when(m.current.asOf)}
                    </p>
                  </>
                ) : (
                  <p className="ops-muted">No price yet: its alloys use their catalog base price.</p>
                )}
                {m.materials.length > 0 ? (
                  <ul className="ops-metal__alloys">
                    {m.materials.map((a) => (
                      <li key={a.id}>
                        <span>
                          {a.name}{' '}
                          <span className="ops-muted">
                            ({a.purity} · +{a.marginPercent} %)
                          </span>
                        </span>
                        <strong>
                          $
                          {a.pricePerOunce.toLocaleString('en-US', {
                            minimumFractionDigits: 2,
                            maximumFractionDigits: 2,
                          })}
                        </strong>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </Card>
            ))}
          </ul>
          <div className="ops-metal-grid">
            <EnterPrice metals={prices.data.metals} />
            <MetalHistory />
          </div>
        </>
      )}
    </div>
  );
}
