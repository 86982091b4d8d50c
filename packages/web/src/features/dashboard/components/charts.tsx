import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridColumns, GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarRounded, LinePath } from '@visx/shape';
import { formatMoney } from '@facet/domain/format';
import { monthLabel } from '@facet/domain/metrics';
import { CHART, ChartFrame, TooltipText, quietAxis, useChart } from '../../../components/charts';

/**
 * The dashboard's charts (visx, decision 050). This module is loaded lazily by `lazy-charts.tsx` once a
 * chart is near the screen. Every chart is drawn for sighted readers only (`aria-hidden`, nothing in it
 * takes focus); the same numbers are in the table beside it (`ChartCard`).
 */

const HEIGHT = 240;
const AXIS_BOTTOM = 28;

const dollars = (cents: number) =>
  cents >= 100_000_00 ? `$${Math.round(cents / 100_000)}k` : formatMoney(cents, { fraction: 'when-needed' });

/** Integer ticks only, at most `count` of them (counts of offers, projects, orders). */
function wholeTicks(max: number, count = 5): number[] {
  const step = Math.max(1, Math.ceil(max / count));
  const ticks: number[] = [];
  for (let t = 0; t <= Math.max(max, 1); t += step) ticks.push(t);
  return ticks;
}

/**
 * The month bands of a vertical chart: the band scale, the plot's inner size, each month's hover target
 * (its whole band at full height, so a thin or empty bar is as easy to point at) and the month axis.
 */
function useMonthBands<T extends { month: string }>(
  months: T[],
  margin: { top: number; left: number; right: number },
) {
  const chart = useChart<T>();
  const innerWidth = Math.max(0, chart.width - margin.left - margin.right);
  const innerHeight = HEIGHT - margin.top - AXIS_BOTTOM;
  const x = scaleBand<string>({ domain: months.map((m) => m.month), range: [0, innerWidth], padding: 0.25 });
  const hover = (m: T) => () =>
    chart.tooltip.showTooltip({
      tooltipData: m,
      tooltipLeft: margin.left + (x(m.month) ?? 0) + x.bandwidth() / 2,
      tooltipTop: 8,
    });
  const hitRect = (m: T) => (
    <rect
      className="chart__hit"
      x={(x(m.month) ?? 0) - (x.step() - x.bandwidth()) / 2}
      y={0}
      width={x.step()}
      height={innerHeight}
    />
  );
  const monthAxis = (
    <AxisBottom
      scale={x}
      top={innerHeight}
      tickFormat={(month) => monthLabel(month, { short: true })}
      {...quietAxis}
    />
  );
  return { chart, x, innerWidth, innerHeight, hover, hitRect, monthAxis };
}

export type MoneyPoint = { month: string; cents: number };

/** Money per month as bars; this month in deep gold, last month in gold, earlier months lighter. */
export function MoneyChart({ months, name }: { months: MoneyPoint[]; name: string }) {
  const margin = { top: 8, right: 8, left: 72 };
  const { chart, x, innerWidth, innerHeight, hover, hitRect, monthAxis } = useMonthBands(months, margin);
  const max = Math.max(1, ...months.map((m) => m.cents));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: 4 });
  const colour = (i: number) =>
    i === months.length - 1 ? CHART.goldDeep : i === months.length - 2 ? CHART.gold : CHART.goldPale;
  return (
    <ChartFrame
      chart={chart}
      height={HEIGHT}
      renderTooltip={(m) => (
        <TooltipText title={monthLabel(m.month)} lines={[`${name}: ${formatMoney(m.cents)}`]} />
      )}
    >
      <Group left={margin.left} top={margin.top}>
        <GridRows scale={y} width={innerWidth} numTicks={4} stroke={CHART.line} />
        {months.map((m, i) => {
          const barX = x(m.month) ?? 0;
          const barY = y(m.cents);
          return (
            <g key={m.month} onPointerEnter={hover(m)}>
              {hitRect(m)}
              {m.cents > 0 ? (
                <BarRounded
                  className="chart__bar"
                  x={barX}
                  y={barY}
                  width={x.bandwidth()}
                  height={innerHeight - barY}
                  radius={4}
                  top
                  fill={colour(i)}
                  pointerEvents="none"
                />
              ) : null}
            </g>
          );
        })}
        <AxisLeft scale={y} numTicks={4} tickFormat={(v) => dollars(Number(v))} hideAxisLine {...quietAxis} />
        {monthAxis}
      </Group>
    </ChartFrame>
  );
}

/** Offers sent and won per month, side by side. */
export function OffersChart({ months }: { months: { month: string; sent: number; won: number }[] }) {
  const margin = { top: 8, right: 8, left: 36 };
  const { chart, x, innerWidth, innerHeight, hover, hitRect, monthAxis } = useMonthBands(months, margin);
  const ticks = wholeTicks(Math.max(0, ...months.map((m) => Math.max(m.sent, m.won))));
  const y = scaleLinear<number>({ domain: [0, ticks.at(-1) ?? 1], range: [innerHeight, 0] });
  const inner = scaleBand<'sent' | 'won'>({
    domain: ['sent', 'won'],
    range: [0, x.bandwidth()],
    padding: 0.1,
  });
  const colours = { sent: CHART.gold, won: CHART.goldDeep };
  return (
    <ChartFrame
      chart={chart}
      height={HEIGHT}
      legend={[
        { label: 'Offers sent', colour: CHART.gold },
        { label: 'Offers won', colour: CHART.goldDeep },
      ]}
      renderTooltip={(m) => (
        <TooltipText title={monthLabel(m.month)} lines={[`Offers sent: ${m.sent}`, `Offers won: ${m.won}`]} />
      )}
    >
      <Group left={margin.left} top={margin.top}>
        <GridRows scale={y} width={innerWidth} tickValues={ticks} stroke={CHART.line} />
        {months.map((m) => (
          <g key={m.month} onPointerEnter={hover(m)}>
            {hitRect(m)}
            {(['sent', 'won'] as const).map((key) =>
              m[key] === 0 ? null : (
                <BarRounded
                  className="chart__bar"
                  key={key}
                  x={(x(m.month) ?? 0) + (inner(key) ?? 0)}
                  y={y(m[key])}
                  width={inner.bandwidth()}
                  height={innerHeight - y(m[key])}
                  radius={4}
                  top
                  fill={colours[key]}
                  pointerEvents="none"
                />
              ),
            )}
          </g>
        ))}
        <AxisLeft scale={y} tickValues={ticks} tickFormat={(v) => String(v)} hideAxisLine {...quietAxis} />
        {monthAxis}
      </Group>
    </ChartFrame>
  );
}

type RatingPoint = { month: string; average: number | null; overall: number | null };

/** The average of every rating so far (line) and each month's own average (dots), 1 to 5 stars. */
export function RatingChart({ months }: { months: RatingPoint[] }) {
  const margin = { top: 8, right: 8, left: 36 };
  const { chart, x, innerWidth, innerHeight, hover, hitRect, monthAxis } = useMonthBands(months, margin);
  const y = scaleLinear<number>({ domain: [1, 5], range: [innerHeight, 0] });
  const centre = (m: RatingPoint) => (x(m.month) ?? 0) + x.bandwidth() / 2;
  const stars = (v: number | null) => (v === null ? 'No ratings' : `${v.toFixed(1)} stars`);
  return (
    <ChartFrame
      chart={chart}
      height={HEIGHT}
      legend={[
        { label: 'Overall rating', colour: CHART.goldDeep, shape: 'line' },
        { label: 'That month', colour: CHART.gold },
      ]}
      renderTooltip={(m) => (
        <TooltipText
          title={monthLabel(m.month)}
          lines={[`Overall rating: ${stars(m.overall)}`, `That month: ${stars(m.average)}`]}
        />
      )}
    >
      <Group left={margin.left} top={margin.top}>
        <GridRows scale={y} width={innerWidth} tickValues={[1, 2, 3, 4, 5]} stroke={CHART.line} />
        {months.map((m) => (
          <g key={m.month} onPointerEnter={hover(m)}>
            {hitRect(m)}
          </g>
        ))}
        <LinePath
          className="chart__line"
          data={months.filter((m) => m.overall !== null)}
          x={centre}
          y={(m) => y(m.overall ?? 1)}
          stroke={CHART.goldDeep}
          strokeWidth={2}
          pointerEvents="none"
        />
        {months.map((m) =>
          m.average === null ? null : (
            <circle
              key={m.month}
              cx={centre(m)}
              cy={y(m.average)}
              r={4}
              fill={CHART.gold}
              stroke={CHART.goldDeep}
              pointerEvents="none"
            />
          ),
        )}
        <AxisLeft
          scale={y}
          tickValues={[1, 2, 3, 4, 5]}
          tickFormat={(v) => String(v)}
          hideAxisLine
          {...quietAxis}
        />
        {monthAxis}
      </Group>
    </ChartFrame>
  );
}

type CountRow = { label: string; count: number };

/** Counts per category as horizontal bars (projects by status, orders per stage). */
export function CountsChart({ rows, name }: { rows: CountRow[]; name: string }) {
  const chart = useChart<CountRow>();
  const margin = { top: 0, right: 16, left: 150 };
  const height = Math.max(120, rows.length * 34 + 24);
  const innerWidth = Math.max(0, chart.width - margin.left - margin.right);
  const innerHeight = height - margin.top - AXIS_BOTTOM;
  const ticks = wholeTicks(Math.max(0, ...rows.map((r) => r.count)));
  const x = scaleLinear<number>({ domain: [0, ticks.at(-1) ?? 1], range: [0, innerWidth] });
  const y = scaleBand<string>({ domain: rows.map((r) => r.label), range: [0, innerHeight], padding: 0.2 });
  const barHeight = Math.min(18, y.bandwidth());
  return (
    <ChartFrame
      chart={chart}
      height={height}
      renderTooltip={(r) => <TooltipText title={r.label} lines={[`${name}: ${r.count}`]} />}
    >
      <Group left={margin.left} top={margin.top}>
        <GridColumns scale={x} height={innerHeight} tickValues={ticks} stroke={CHART.line} />
        {rows.map((r) => {
          const top = y(r.label) ?? 0;
          return (
            <g
              key={r.label}
              onPointerEnter={() =>
                chart.tooltip.showTooltip({
                  tooltipData: r,
                  tooltipLeft: margin.left + x(r.count),
                  tooltipTop: margin.top + top,
                })
              }
            >
              <rect
                className="chart__hit"
                x={0}
                y={top - (y.step() - y.bandwidth()) / 2}
                width={innerWidth}
                height={y.step()}
              />
              {r.count > 0 ? (
                <BarRounded
                  className="chart__bar"
                  x={0}
                  y={top + (y.bandwidth() - barHeight) / 2}
                  width={Math.max(0, x(r.count))}
                  height={barHeight}
                  radius={4}
                  right
                  fill={CHART.gold}
                  pointerEvents="none"
                />
              ) : null}
            </g>
          );
        })}
        <AxisLeft
          scale={y}
          hideAxisLine
          {...quietAxis}
          tickLabelProps={{ ...quietAxis.tickLabelProps, fill: CHART.inkSoft }}
        />
        <AxisBottom
          scale={x}
          top={innerHeight}
          tickValues={ticks}
          tickFormat={(v) => String(v)}
          {...quietAxis}
        />
      </Group>
    </ChartFrame>
  );
}
