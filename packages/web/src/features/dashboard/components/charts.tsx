import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney } from '@facet/domain/format';
import { monthLabel } from '@facet/domain/metrics';

/**
 * The dashboard's charts (Recharts, decision 039). This module is loaded lazily by `lazy-charts.tsx`, so
 * Recharts is fetched only by the dashboard, after its figures. Every chart is drawn for sighted readers
 * only (`aria-hidden`, and no keyboard layer: nothing in it takes focus); the same numbers are in the table
 * beside it (`ChartCard`).
 */

const INK_MUTED = '#64616c';
const LINE = '#e4dccf';
const GOLD = '#c9a96a';
const GOLD_DEEP = '#7d5f24';
const INK_SOFT = '#3f3d47';
const HEIGHT = 240;

const axis = { stroke: LINE, tick: { fill: INK_MUTED, fontSize: 12 }, tickLine: false } as const;
const dollars = (cents: number) =>
  cents >= 100_000_00 ? `$${Math.round(cents / 100_000)}k` : formatMoney(cents, { fraction: 'when-needed' });

export type MoneyPoint = { month: string; cents: number };

/** Money per month as bars; this month in deep gold, last month in gold, earlier months lighter. */
export function MoneyChart({ months, name }: { months: MoneyPoint[]; name: string }) {
  const data = months.map((m) => ({ ...m, label: monthLabel(m.month, { short: true }) }));
  return (
    <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 520, height: HEIGHT }}>
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid vertical={false} stroke={LINE} />
        <XAxis dataKey="label" {...axis} />
        <YAxis {...axis} width={64} tickFormatter={(v: number) => dollars(v)} />
        <Tooltip
          cursor={{ fill: '#f6efe1' }}
          formatter={(v) => [formatMoney(Number(v)), name]}
          labelFormatter={(_, payload) => monthLabel(String(payload?.[0]?.payload?.month ?? ''))}
        />
        <Bar dataKey="cents" name={name} radius={[4, 4, 0, 0]} isAnimationActive={false}>
          {data.map((m, i) => (
            <Cell
              key={m.month}
              fill={i === data.length - 1 ? GOLD_DEEP : i === data.length - 2 ? GOLD : '#e9dbbd'}
            />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Offers sent and won per month, side by side. */
export function OffersChart({ months }: { months: { month: string; sent: number; won: number }[] }) {
  const data = months.map((m) => ({ ...m, label: monthLabel(m.month, { short: true }) }));
  return (
    <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 520, height: HEIGHT }}>
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke={LINE} />
        <XAxis dataKey="label" {...axis} />
        <YAxis {...axis} width={32} allowDecimals={false} />
        <Tooltip cursor={{ fill: '#f6efe1' }} />
        <Legend iconType="circle" wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="sent" name="Offers sent" fill={GOLD} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        <Bar
          dataKey="won"
          name="Offers won"
          fill={GOLD_DEEP}
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** The average of every rating so far (line) and each month's own average (dots), 1 to 5 stars. */
export function RatingChart({
  months,
}: {
  months: { month: string; average: number | null; overall: number | null }[];
}) {
  const data = months.map((m) => ({ ...m, label: monthLabel(m.month, { short: true }) }));
  return (
    <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 520, height: HEIGHT }}>
      <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} stroke={LINE} />
        <XAxis dataKey="label" {...axis} />
        <YAxis {...axis} width={32} domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} />
        <Tooltip formatter={(v, n) => [v === null ? 'No ratings' : `${Number(v).toFixed(1)} stars`, n]} />
        <Legend iconType="circle" wrapperStyle={{ fontSize: 12 }} />
        <Line
          dataKey="overall"
          name="Overall rating"
          stroke={GOLD_DEEP}
          strokeWidth={2}
          dot={false}
          connectNulls
          isAnimationActive={false}
        />
        <Line
          dataKey="average"
          name="That month"
          stroke="none"
          dot={{ r: 4, fill: GOLD, stroke: GOLD_DEEP }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Counts per category as horizontal bars (projects by status, orders per stage). */
export function CountsChart({ rows, name }: { rows: { label: string; count: number }[]; name: string }) {
  const height = Math.max(120, rows.length * 34 + 24);
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 520, height }}>
      <BarChart
        accessibilityLayer={false}
        data={rows}
        layout="vertical"
        margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid horizontal={false} stroke={LINE} />
        <XAxis type="number" {...axis} allowDecimals={false} />
        <YAxis
          type="category"
          dataKey="label"
          {...axis}
          width={150}
          tick={{ fill: INK_SOFT, fontSize: 12 }}
        />
        <Tooltip cursor={{ fill: '#f6efe1' }} formatter={(v) => [v, name]} />
        <Bar
          dataKey="count"
          name={name}
          fill={GOLD}
          radius={[0, 4, 4, 0]}
          isAnimationActive={false}
          barSize={18}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
